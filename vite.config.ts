import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The server bundles the icons it uses rather than loading lucide-react's 1,600 (about 13 MB resident).
  ssr: { noExternal: ["lucide-react"] },
});
