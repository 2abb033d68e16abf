// Renders public/og-image.jpg (1200x630, the Open Graph card of public pages) with the installed Chromium.
// Run by hand when the brand changes: node scripts/make-og-image.mjs
import { chromium } from "playwright-core";

const html = `<!doctype html><html><body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;
padding:0 96px;box-sizing:border-box;font-family:DejaVu Sans,sans-serif;color:white;background:linear-gradient(135deg,#4f46e5,#7c3aed 55%,#db2777)">
<div style="font-size:44px;font-weight:700;opacity:.9">Parlance</div>
<div style="font-size:76px;font-weight:800;line-height:1.05;margin-top:24px">Voice AI you can<br>run anywhere</div>
<div style="display:flex;gap:10px;align-items:flex-end;height:120px;margin-top:48px">
${Array.from({ length: 48 }, (_, i) => `<div style="width:12px;border-radius:6px;background:rgba(255,255,255,.85);height:${Math.round(20 + 90 * Math.abs(Math.sin(i * 0.45) * Math.cos(i * 0.13)))}px"></div>`).join("")}
</div></body></html>`;

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: new URL("../public/og-image.jpg", import.meta.url).pathname });
await browser.close();
