import { describe, expect, it } from "vitest";
import { normalizeMobileNumber } from "#shared/schemas/payments.ts";
import { createPaynowClient, PaynowError, parseMessage, paymentStatusOf, paynowHash, signMessage, verifyMessage } from "./paynow.ts";

/** Paynow's own worked example ("Validating a hash on an inbound message", developers.paynow.co.zw). */
const DOC_KEY = "3e9fed89-60e1-4ce5-ab6e-6b1eb2d4f977";
const DOC_MESSAGE =
  "status=Ok&browserurl=https%3a%2f%2fstaging.paynow.co.zw%2fPayment%2fConfirmPayment%2f9510&pollurl=https%3a%2f%2fstaging.paynow.co.zw%2fInterface%2fCheckPayment%2f%3fguid%3dc7ed41da-0159-46da-b428-69549f770413&paynowreference=9510&hash=750DD0B0DF374678707BB5AF915AF81C228B9058AD57BB7120569EC68BBB9C2EFC1B26C6375D2BC562AC909B3CD6B2AF1D42E1A5E479FFAC8F4FB3FDCE71DF4D";
const DOC_HASH =
  "750DD0B0DF374678707BB5AF915AF81C228B9058AD57BB7120569EC68BBB9C2EFC1B26C6375D2BC562AC909B3CD6B2AF1D42E1A5E479FFAC8F4FB3FDCE71DF4D";

describe("paynowHash", () => {
  it("matches Paynow's published example", () => {
    const values = [
      "Ok",
      "https://staging.paynow.co.zw/Payment/ConfirmPayment/9510",
      "https://staging.paynow.co.zw/Interface/CheckPayment/?guid=c7ed41da-0159-46da-b428-69549f770413",
      "9510",
    ];
    expect(paynowHash(values, DOC_KEY)).toBe(DOC_HASH);
    // The key is a GUID, hashed in lower case whatever case it was pasted in.
    expect(paynowHash(values, DOC_KEY.toUpperCase())).toBe(DOC_HASH);
  });

  it("is SHA-512 of the concatenated values and the key, in upper-case hex", () => {
    expect(paynowHash([], "")).toBe(
      "CF83E1357EEFB8BDF1542850D66D8007D620E4050B5715DC83F4A921D36CE9CE47D0D13C5D85F2B0FF8318D2877EEC2F63B931BD47417A81A538327AF927DA3E",
    );
  });
});

describe("messages", () => {
  it("parses urlencoded replies with their keys in lower case and values decoded, in order", () => {
    expect(parseMessage("Status=Error&Error=Invalid+amount+field")).toEqual([
      ["status", "Error"],
      ["error", "Invalid amount field"],
    ]);
    expect(parseMessage(DOC_MESSAGE).map(([k]) => k)).toEqual(["status", "browserurl", "pollurl", "paynowreference", "hash"]);
  });

  it("verifies Paynow's example and refuses any change to it", () => {
    const fields = parseMessage(DOC_MESSAGE);
    expect(verifyMessage(fields, DOC_KEY)).toBe(true);
    expect(verifyMessage(fields, "00000000-0000-0000-0000-000000000000")).toBe(false);
    const tampered = fields.map(([k, v]): [string, string] => [k, k === "paynowreference" ? "9511" : v]);
    expect(verifyMessage(tampered, DOC_KEY)).toBe(false);
    expect(verifyMessage(fields.slice(0, -1), DOC_KEY)).toBe(false);
    const shortHash = fields.map(([k, v]): [string, string] => [k, k === "hash" ? v.slice(2) : v]);
    expect(verifyMessage(shortHash, DOC_KEY)).toBe(false);
  });

  it("signs what it sends so that the other side verifies it", () => {
    const body = signMessage(
      [
        ["id", "1201"],
        ["reference", "ORD-2026-000001-A1"],
        ["amount", "10.50"],
        ["status", "Message"],
      ],
      DOC_KEY,
    );
    const fields = parseMessage(body);
    expect(fields.at(-1)?.[0]).toBe("hash");
    expect(verifyMessage(fields, DOC_KEY)).toBe(true);
    expect(fields.at(-1)?.[1]).toBe(paynowHash(["1201", "ORD-2026-000001-A1", "10.50", "Message"], DOC_KEY));
  });

  it("reads Paynow's status words", () => {
    expect(paymentStatusOf("Paid")).toBe("paid");
    expect(paymentStatusOf("Awaiting Delivery")).toBe("awaiting_delivery");
    expect(paymentStatusOf("CANCELLED")).toBe("cancelled");
    expect(paymentStatusOf("Failed")).toBe("failed");
    expect(paymentStatusOf("Something else")).toBeNull();
  });

  it("normalizes Zimbabwe mobile numbers", () => {
    expect(normalizeMobileNumber("0771234567")).toBe("0771234567");
    expect(normalizeMobileNumber("+263 77 123 4567")).toBe("0771234567");
    expect(normalizeMobileNumber("263-71-123-4567")).toBe("0711234567");
    expect(normalizeMobileNumber("0242123456")).toBeNull();
    expect(normalizeMobileNumber("077123456")).toBeNull();
  });
});

describe("the client", () => {
  const settings = { integrationId: "1201", integrationKey: DOC_KEY, url: "https://www.paynow.co.zw", timeoutMs: 1000 };
  const input = {
    reference: "ORD-2026-000001-A1",
    amount: "10.50",
    additionalInfo: "Order ORD-2026-000001",
    returnUrl: "https://solar.example/dealer/orders",
    resultUrl: "https://solar.example/api/payments/paynow/result",
    authEmail: "dealer@example.com",
  };
  const answering = (body: string, status = 200) => (async () => new Response(body, { status })) as unknown as typeof fetch;
  const signed = (fields: [string, string][]) => signMessage(fields, DOC_KEY);

  it("posts the signed fields in Paynow's order and reads the signed reply", async () => {
    let sent = "";
    let to = "";
    const fetchImpl = (async (url: string, init: RequestInit) => {
      to = url;
      sent = String(init.body);
      return new Response(
        signed([
          ["status", "Ok"],
          ["browserurl", "https://www.paynow.co.zw/Payment/ConfirmPayment/1"],
          ["pollurl", "https://www.paynow.co.zw/Interface/CheckPayment/?guid=1"],
        ]),
      );
    }) as unknown as typeof fetch;
    const r = await createPaynowClient(settings, fetchImpl).initiate(input);
    expect(to).toBe("https://www.paynow.co.zw/interface/initiatetransaction");
    const fields = parseMessage(sent);
    expect(fields.map(([k]) => k)).toEqual([
      "id",
      "reference",
      "amount",
      "additionalinfo",
      "returnurl",
      "resulturl",
      "authemail",
      "status",
      "hash",
    ]);
    expect(verifyMessage(fields, DOC_KEY)).toBe(true);
    expect(r).toEqual({
      browserUrl: "https://www.paynow.co.zw/Payment/ConfirmPayment/1",
      pollUrl: "https://www.paynow.co.zw/Interface/CheckPayment/?guid=1",
      instructions: "",
      paynowReference: null,
    });
  });

  it("reports Paynow's refusal, an unsigned or off-site reply, an HTTP error and a timeout", async () => {
    const client = (f: typeof fetch) => createPaynowClient(settings, f);
    await expect(client(answering("Status=Error&Error=Insufficient+balance")).initiate(input)).rejects.toMatchObject({
      kind: "refused",
      message: "Insufficient balance",
    });
    await expect(client(answering("status=Ok&browserurl=x&pollurl=y&hash=0123")).initiate(input)).rejects.toMatchObject({
      kind: "unverified",
    });
    const offsite = signed([
      ["status", "Ok"],
      ["browserurl", "https://evil.example/pay"],
      ["pollurl", "https://www.paynow.co.zw/Interface/CheckPayment/?guid=1"],
    ]);
    await expect(client(answering(offsite)).initiate(input)).rejects.toMatchObject({ kind: "unverified" });
    await expect(client(answering("oops", 500)).initiate(input)).rejects.toMatchObject({ kind: "unreachable" });
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      })) as unknown as typeof fetch;
    const slow = createPaynowClient({ ...settings, timeoutMs: 50 }, hanging);
    await expect(slow.initiate(input)).rejects.toEqual(new PaynowError("unreachable", "Paynow did not answer in time."));
  });

  it("believes a result only with a valid hash, and polls only Paynow's own URLs", async () => {
    const client = createPaynowClient(settings, answering(""));
    const result = signed([
      ["reference", "ORD-2026-000001-A1"],
      ["paynowreference", "123"],
      ["amount", "10.50"],
      ["status", "Paid"],
      ["pollurl", "https://www.paynow.co.zw/Interface/CheckPayment/?guid=1"],
    ]);
    expect(client.parseResult(result)).toEqual({
      reference: "ORD-2026-000001-A1",
      paynowReference: "123",
      amount: "10.50",
      status: "Paid",
      pollUrl: "https://www.paynow.co.zw/Interface/CheckPayment/?guid=1",
    });
    expect(() => client.parseResult(result.replace("10.50", "1.05"))).toThrow(PaynowError);
    await expect(client.poll("http://127.0.0.1:8080/admin")).rejects.toMatchObject({ kind: "unverified" });
  });
});
