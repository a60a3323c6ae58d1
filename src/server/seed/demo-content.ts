/** Demo content for the public pages: invented people and projects, written as a real company would. */

export const POSITIONS = [
  "Managing Director",
  "Technical Director",
  "Head of Sales",
  "Lead Installer",
  "Dealer Programme Manager",
  "Customer Support Lead",
];

export const TEAM = [
  {
    name: "Tatenda Mukwena",
    position: "Managing Director",
    bio: "Founded the company in 2014 after a decade in electrical engineering; leads strategy and key partnerships.",
  },
  {
    name: "Rutendo Chikore",
    position: "Technical Director",
    bio: "Chartered electrical engineer who designs our commercial systems and trains every installer we certify.",
  },
  {
    name: "Blessing Ndlovu",
    position: "Head of Sales",
    bio: "Helps homes, farms and businesses size the right system and keeps our quotations quick and clear.",
  },
  {
    name: "Farai Mandaza",
    position: "Lead Installer",
    bio: "Has led more than 600 installations from Beitbridge to Victoria Falls, with safety first on every roof.",
  },
  {
    name: "Nyasha Gumbo",
    position: "Dealer Programme Manager",
    bio: "Verifies new dealers, runs dealer training days and looks after our installer network.",
  },
  {
    name: "Kudzai Sibanda",
    position: "Customer Support Lead",
    bio: "Answers the support line and follows every warranty claim through to a working system.",
  },
];

export const TESTIMONIALS = [
  {
    person: "Chiedza M.",
    personRole: "Homeowner, Borrowdale",
    message:
      "Since the 5 kW system went in, load-shedding has stopped being a topic in our house. The team explained every part of the system, finished in a day and left the roof cleaner than they found it.",
  },
  {
    person: "Peter van der Merwe",
    personRole: "Tobacco farmer, Marondera",
    message:
      "Our curing barns and borehole pumps used to depend on diesel. The 40 kW array and battery bank have cut our fuel bill by more than two thirds, and the monitoring app tells me exactly what the farm is using. The payback has been faster than the bank expected, and the after-sales support has been excellent: when a breaker tripped during a storm, a technician was on site the next morning. I have recommended them to three neighbours already, and every one of them has gone ahead with a system of their own.",
  },
  {
    person: "Tafadzwa K.",
    personRole: "Owner, Avondale pharmacy",
    message: "Fridges for vaccines cannot go off. The hybrid inverter switches over so fast that our equipment never notices.",
  },
  {
    person: "Sister Mary Dube",
    personRole: "Administrator, rural clinic, Gokwe",
    message:
      "The clinic now has light for night deliveries and power for the vaccine fridge every day of the year. The installation team trained our staff to read the battery display and the system has run without a fault for two years.",
  },
  {
    person: "Tinashe R.",
    personRole: "Certified dealer, Mutare",
    message: "The dealer portal makes quotations simple and the dealer pricing lets my business compete. Stock arrives when promised.",
  },
  {
    person: "Grace Moyo",
    personRole: "Guest house owner, Victoria Falls",
    message:
      "Guests used to complain about the generator noise. Now it is quiet, the water is hot and our electricity bill is a fraction of what it was.",
  },
];

export const AWARDS = [
  { name: "Renewable Energy Installer of the Year", year: 2025 },
  { name: "Best Solar Retailer, Harare Business Awards", year: 2024 },
  { name: "Excellence in Rural Electrification", year: 2023 },
  { name: "Green Business Champion", year: 2022 },
];

export const CERTIFICATES = [
  { title: "ZERA Solar Installer Licence", slug: "zera-installer-licence" },
  { title: "ISO 9001:2015 Quality Management", slug: "iso-9001-quality" },
  { title: "Electrical Contractor Registration", slug: "electrical-contractor-registration" },
];

const para = (...sentences: string[]) => sentences.join(" ");

export const BLOGS = [
  {
    title: "How to size a solar system for load-shedding",
    author: "Blessing Ndlovu",
    daysAgo: 12,
    images: 2,
    story: [
      para(
        "Most of our customers come to us with one question: how big a system do I need to get through load-shedding?",
        "The answer starts with what you want to keep running, not with the size of your roof.",
      ),
      para(
        "List the appliances that matter — lights, fridge, Wi-Fi router, TV, a borehole pump — and note their wattage and the hours they run.",
        "Multiply and add up: that is your daily energy need in watt-hours.",
      ),
      para(
        "Your battery must cover the hours without grid power, and your panels must recharge it and run the house during the day.",
        "A typical Harare home that keeps the essentials on needs a 5 kW inverter, 5 to 10 kWh of lithium storage and eight to ten 450 W panels.",
      ),
      "Ask us for a free quotation and we will do the arithmetic with you.",
    ].join("\n\n"),
  },
  {
    title: "Lithium or gel: choosing the right battery",
    author: "Rutendo Chikore",
    daysAgo: 30,
    images: 1,
    story: [
      para(
        "Batteries are the heart of a backup system and the part people most often get wrong.",
        "Gel batteries cost less up front; lithium iron phosphate lasts far longer.",
      ),
      para(
        "A gel battery should only be discharged to about half of its capacity and lasts around 1 200 cycles.",
        "A LiFePO4 battery can use 90 % of its capacity for 6 000 cycles or more.",
      ),
      "Over ten years, lithium is usually the cheaper choice per kilowatt-hour delivered — and it needs no maintenance.",
    ].join("\n\n"),
  },
  {
    title: "Solar for farms: pumps, barns and cold rooms",
    author: "Farai Mandaza",
    daysAgo: 55,
    images: 2,
    story: [
      para("Farms have some of the best solar economics in the country: big roofs, long sunny days and expensive diesel."),
      para(
        "Solar borehole pumps run directly from panels without batteries, filling tanks while the sun shines.",
        "Curing barns and cold rooms benefit from hybrid systems that blend solar, batteries and the grid.",
      ),
      "We have installed systems from 3 kW on smallholdings to 200 kW on commercial estates.",
    ].join("\n\n"),
  },
  {
    title: "Five signs your solar installation needs a check-up",
    author: "Kudzai Sibanda",
    daysAgo: 80,
    images: 1,
    story: [
      "A well-installed system runs for years with little attention, but a few signs mean it is time to call us.",
      para(
        "Production has dropped on sunny days; the battery no longer lasts the night; the inverter shows error codes; breakers trip; or panels are covered in dust after the dry season.",
      ),
      "Most of these are quick fixes, and many are covered by warranty.",
    ].join("\n\n"),
  },
  {
    title: "Net metering in Zimbabwe: what homeowners should know",
    author: "Tatenda Mukwena",
    daysAgo: 110,
    images: 2,
    story: [
      "Net metering lets you export surplus solar power to the grid and be credited for it.",
      para(
        "To take part you need an approved installation, a bidirectional meter and an application to the utility.",
        "Our team prepares the paperwork with you.",
      ),
      "Even without exporting, self-consumption with a hybrid inverter cuts bills substantially.",
    ].join("\n\n"),
  },
  {
    title: "Becoming a certified dealer: a year in the programme",
    author: "Nyasha Gumbo",
    daysAgo: 150,
    images: 1,
    story: [
      "A year ago we opened our dealer programme to installers and resellers across Zimbabwe.",
      para("Today more than forty certified dealers quote, order and install our products, with dealer pricing and priority support."),
      "If you run a solar or electrical business, apply through the dealer portal: the process takes about a week.",
    ].join("\n\n"),
  },
];

export const CASE_STUDIES = [
  {
    projectName: "Marondera Tobacco Estate",
    location: "Marondera, Mashonaland East",
    systemCapacity: "40kW",
    video: "x7Kq9TnP2aB",
    images: 3,
    description: "A 40 kW ground-mounted array with 60 kWh of lithium storage powering curing barns and four borehole pumps.",
  },
  {
    projectName: "Gokwe Rural Clinic",
    location: "Gokwe, Midlands",
    systemCapacity: "8kW",
    video: "Lm3Zp8Qr1Vd",
    images: 2,
    description: "An off-grid system for a rural clinic: lighting for night deliveries, a vaccine fridge and staff housing.",
  },
  {
    projectName: "Avondale Shopping Centre",
    location: "Avondale, Harare",
    systemCapacity: "120kW",
    video: "Qw8Er5Ty2Ui",
    images: 3,
    description: "A rooftop system on a shopping centre that covers most daytime demand and cut the landlord's bill by 45 %.",
  },
  {
    projectName: "Victoria Falls Guest House",
    location: "Victoria Falls, Matabeleland North",
    systemCapacity: "15kW",
    video: "Zx4Cv6Bn8Mk",
    images: 1,
    description: "A quiet hybrid system with solar water heating that replaced a diesel generator at a 12-room guest house.",
  },
];

export const ARTICLES = [
  [
    "Recent",
    "New 600 W bifacial panels arrive in Harare",
    "Our first container of 600 W bifacial dual-glass panels has landed, bringing commercial-grade output to farms and businesses at a lower cost per watt than ever before.",
  ],
  [
    "Recent",
    "Dealer training day in Bulawayo",
    "Thirty installers joined our hands-on training day in Bulawayo covering hybrid inverter commissioning, battery safety and the new dealer portal.",
  ],
  ["Recent", "Extended Saturday hours at our showroom", "From next month our Harare showroom opens on Saturdays from 8AM to 1PM."],
  [
    "Trending",
    "Why LiFePO4 batteries are taking over",
    "Lithium iron phosphate has become the default choice for home backup in Zimbabwe: it is safer, lasts longer and its price has fallen by half in three years, changing the economics of every system.",
  ],
  [
    "Trending",
    "Solar borehole pumps: water without diesel",
    "Farmers are switching to solar pumping to escape fuel costs and shortages, and the results are impressive.",
  ],
  [
    "Trending",
    "The rise of solar carports",
    "Businesses are turning car parks into power stations with carport structures that shade vehicles and generate electricity at the same time.",
  ],
  [
    "Expert Opinion",
    "Sizing batteries for load-shedding schedules",
    "Our technical director explains how to match battery capacity to the length and timing of load-shedding so you never run flat before the grid returns, with worked examples for homes and offices.",
  ],
  [
    "Expert Opinion",
    "What makes a good installation",
    "Cable management, earthing, surge protection and correct string design matter as much as the brand of panel.",
  ],
  [
    "Expert Opinion",
    "Grid-tied, hybrid or off-grid?",
    "The right architecture depends on your grid supply, budget and goals; here is how we decide with our customers.",
  ],
  [
    "News",
    "Zimbabwe's renewable energy targets for 2030",
    "The national renewable energy policy sets ambitious targets for solar capacity by 2030, with incentives for independent producers and rooftop systems across the country.",
  ],
  [
    "News",
    "Duty relief on solar equipment extended",
    "The duty exemption on solar panels, inverters and batteries has been extended, keeping prices stable for customers.",
  ],
  [
    "News",
    "Company wins Installer of the Year",
    "We are proud to have been named Renewable Energy Installer of the Year at the national energy awards.",
  ],
] as const;

export const FAQS = [
  {
    question: "How long does an installation take?",
    answer: "Most home systems are installed in one day. Larger commercial and farm systems take from three days to two weeks.",
  },
  {
    question: "Will my system work during load-shedding?",
    answer: "Yes. Hybrid systems with batteries switch over in under 10 milliseconds, so your lights, fridge and Wi-Fi stay on.",
  },
  {
    question: "What warranties do you offer?",
    answer: "Panels carry a 25-year performance warranty, inverters 5 years (extendable to 10) and lithium batteries 10 years.",
  },
  {
    question: "Do you offer payment plans?",
    answer: "Yes. We work with partner banks to offer payment plans over 12 to 36 months for homes and businesses.",
  },
  {
    question: "Can I add more panels or batteries later?",
    answer: "Yes, if the inverter has spare capacity. We size systems so they can grow with your needs.",
  },
];

export const OVERVIEW = {
  story:
    "We started in 2014 with a small team installing solar lights for rural homes. Ten years later we supply and install complete solar, storage and backup systems for homes, farms, clinics and businesses across Zimbabwe, and support a growing network of certified dealers.",
  vision: "A Zimbabwe where every home and business has clean, reliable and affordable power.",
  mission:
    "To design, supply and support solar energy systems that keep our customers powered, with honest advice and service that lasts as long as the panels.",
  values: ["Integrity", "Quality workmanship", "Customer first", "Safety", "Sustainability"],
  directorName: "Tatenda Mukwena",
  directorMessage:
    "Load-shedding has touched every family and business in our country. Our answer is systems that are engineered properly, installed safely and supported for their whole life. Thank you for trusting us with your power.",
};
