/**
 * Issue 9, the shop profile: IT's machine config names the shop, its logo (an SVG file), its
 * address, phone, accent colour and welcome line; the start screen, header, receipt (PDF) and
 * calendar event (.ics in the QR code) show them; staff can change the text in settings.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseSlot, fillDetails, firstFreeSlot, start } from './support/flow';
import { pdfShows } from './support/pdf-text';
import { SCREENSHOT_DIR, onScreen, review } from './support/screens';
import { STAFF_PIN, expect, openKiosk, printRequests, setUpKiosk, test } from './support/stack';

const logoDir = mkdtempSync(join(tmpdir(), 'fd-e2e-logo-'));
const logoFile = join(logoDir, 'logo.svg');
// A logo that tries to run a script: shown through an <img>, it cannot.
writeFileSync(
  logoFile,
  `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120" viewBox="0 0 300 120">
  <script>window.logoScriptRan = true</script>
  <rect x="4" y="4" width="112" height="112" rx="28" fill="#7a2e8e"/>
  <path d="M60 24c18 18 18 54 0 72-18-18-18-54 0-72z" fill="#ffffff"/>
  <text x="130" y="76" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="700" fill="#7a2e8e">Linde</text>
</svg>`,
);

const SHOP = {
  name: 'Salon Lindenhof',
  address: 'Lindenstraße 12, 10969 Berlin',
  phone: '+49 30 1234 5678',
  accentColor: '#b04fc8',
  welcome: 'Welcome! Book your next visit here, in a minute.',
  logoFile,
};

test.use({ kioskOptions: { shop: SHOP } });

test('the shop on the start screen, in the header, on the receipt (PDF) and in the calendar event', async ({
  page,
  kiosk,
}) => {
  await setUpKiosk(kiosk);
  const choice = await firstFreeSlot(kiosk);
  await openKiosk(page, kiosk);

  const brand = page.getByTestId('shop-brand');
  await expect(brand).toContainText(SHOP.name);
  await expect(brand).toContainText(SHOP.welcome);
  await expect(page.locator('.start-contact')).toContainText(SHOP.address);
  await expect(page.locator('.start-contact')).toContainText(SHOP.phone);
  await expect(page.locator('.top-bar .brand')).toHaveText(SHOP.name);
  await expect(page.locator('img.start-logo')).toHaveAttribute(
    'src',
    /^data:image\/svg\+xml;base64,/,
  );
  await expect
    .poll(() => page.evaluate('document.querySelector("img.start-logo").naturalWidth'))
    .toBe(300);
  expect(await page.evaluate('window.logoScriptRan === true')).toBe(false);
  // The accent colour, darkened where needed so that white text on it stays legible.
  const primary = await page.evaluate<string>(
    'getComputedStyle(document.documentElement).getPropertyValue("--primary").trim()',
  );
  expect(primary).not.toBe('#0d5a54');
  expect(primary).toMatch(/^#[0-9a-f]{6}$/);
  await review(page, 'start', 'start-branded');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'kiosk-start-branded.png') });
  if (process.env.FRONTDESK_UPDATE_DOCS)
    copyFileSync(
      join(SCREENSHOT_DIR, 'kiosk-start-branded.png'),
      join('docs', 'screenshots', 'kiosk-start.png'),
    );

  await start(page);
  await review(page, 'service', 'service-branded');
  await chooseSlot(page, choice);
  await fillDetails(page);
  await page.getByRole('button', { name: /Continue/ }).click();
  await page.getByRole('button', { name: 'Book now' }).click();
  await onScreen(page, 'confirmation');

  const ics = (await page.locator('img.qr').getAttribute('data-text')) ?? '';
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toMatch(new RegExp(`SUMMARY:.* at ${SHOP.name}`));
  expect(ics).toContain(`LOCATION:${SHOP.name}\\, Lindenstraße 12\\, 10969 Berlin`);
  expect(ics).toContain(SHOP.phone);

  await page.getByRole('button', { name: 'Print receipt' }).click();
  await onScreen(page, 'receipt');
  await expect(page.getByTestId('receipt-shop')).toContainText(SHOP.name);
  // The page asked the browser to print, once (the print dialog in a browser shell).
  await expect.poll(() => printRequests(page)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const pdfPath = join(SCREENSHOT_DIR, '..', 'receipt-branded.pdf');
  await page.pdf({ path: pdfPath, width: '80mm', height: '200mm', printBackground: false });
  await page.emulateMedia({ media: 'screen' });
  const pdf = readFileSync(pdfPath);
  expect(pdfShows(pdf, SHOP.name)).toBe(true);
  expect(pdfShows(pdf, SHOP.address)).toBe(true);
  expect(pdfShows(pdf, SHOP.phone)).toBe(true);
  expect(pdfShows(pdf, 'Salon Nowhere')).toBe(false);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await onScreen(page, 'start');

  // Staff change the name in settings; the start screen follows.
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByLabel('Enter the staff PIN').fill(STAFF_PIN);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Shop name')).toHaveValue(SHOP.name);
  await expect(page.getByText('The logo is set by IT in the machine configuration.')).toBeVisible();
  await page.getByLabel('Shop name').fill('Salon Linde');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to kiosk' }).click();
  await expect(page.getByTestId('shop-brand')).toContainText('Salon Linde');
});
