/**
 * The destination is scanned from a QR code with the camera: Chromium's fake camera plays a
 * video of the invoice's QR code, the field fills in, and the withdrawal is paid. A camera the
 * browser refuses gets a clear message and typing still works.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, expect, test, type Browser, type Page } from '@playwright/test'
import QRCode from 'qrcode'
import { ownerWithOwnNode } from '../support/own-node'
import { simnet } from '../support/simnet'

const NODE_PASSWORD = 'my node password'
const ACCOUNT_PASSWORD = 'correct horse battery'
const port = Number(process.env.E2E_PORT ?? 3210)
const baseURL = `http://127.0.0.1:${port}`

const WIDTH = 640
const HEIGHT = 480

/**
 * A Y4M video (the YUV4MPEG2 header, then raw YUV 4:2:0 frames) of `text` as a QR code, black
 * modules on white with the quiet zone, centred in the frame.
 */
function qrVideo(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const size = qr.modules.size
  const quiet = 4
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (size + 2 * quiet))
  const left = Math.floor((WIDTH - (size + 2 * quiet) * scale) / 2) + quiet * scale
  const top = Math.floor((HEIGHT - (size + 2 * quiet) * scale) / 2) + quiet * scale
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235)
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * WIDTH + left + col * scale
        luma.fill(16, start, start + scale)
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`)
  return Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)])
}

/** A Chromium whose camera is the fake device: a video file, or a camera the user refuses. */
function cameraBrowser(camera: { video: string } | 'refused'): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      ...(camera === 'refused'
        ? ['--use-fake-ui-for-media-stream=deny']
        : ['--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${camera.video}`]),
    ],
  })
}

async function signedInPage(browser: Browser, setup: Page, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    storageState: await setup.context().storageState(),
  })
  return context.newPage()
}

test('a destination scanned from a QR code is paid; a refused camera leaves typing', async ({
  page,
}) => {
  const businessId = await ownerWithOwnNode(page, 'Scan Books', NODE_PASSWORD)
  const withdrawPath = `/${businessId}/bitcoin/withdraw`
  const { paymentRequest } = await simnet<{ paymentRequest: string }>(
    'POST',
    '/screening/targets/invoice',
    { amountSat: 4_321 },
  )

  const folder = mkdtempSync(path.join(tmpdir(), 'qr-camera-'))
  const video = path.join(folder, 'invoice.y4m')
  // upper case, as wallets show invoices in QR codes (the compact alphanumeric mode)
  writeFileSync(video, qrVideo(`lightning:${paymentRequest}`.toUpperCase()))
  const withCamera = await cameraBrowser({ video })
  const refusing = await cameraBrowser('refused')
  try {
    const scanning = await signedInPage(withCamera, page)
    await scanning.goto(`${withdrawPath}?lng=en`)
    await scanning.getByRole('button', { name: 'Scan', exact: true }).click()
    const dialog = scanning.getByRole('dialog', { name: 'Scan a destination' })
    // the decoder may read the fake camera's first frames and close the dialog before the test
    // looks (the click alone can take seconds on a busy machine): what counts is the result below
    if (process.env.E2E_SCREENSHOTS) {
      await expect(dialog.getByLabel('Camera view')).toBeVisible()
      await scanning.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/withdraw-scan-en-1280.png`,
      })
    }
    // the decoder reads the fake camera's frames on a CPU shared with the whole suite; the
    // destination is shown as the invoice in lower case, and the dialog has closed
    const destination = scanning.getByRole('textbox', { name: 'Destination', exact: true })
    await expect(destination).toHaveValue(`lightning:${paymentRequest}`, { timeout: 45_000 })
    await expect(dialog).toBeHidden()
    await expect(scanning.getByText('Detected: Lightning invoice')).toBeVisible()
    await scanning.getByRole('button', { name: 'Review' }).click()
    await expect(scanning.getByTestId('withdraw-summary')).toContainText('4,321 sats')
    await scanning.getByRole('button', { name: 'Continue' }).click()
    const confirm = scanning.getByRole('dialog', { name: 'Confirm the withdrawal' })
    await confirm.getByLabel('Account password').fill(ACCOUNT_PASSWORD)
    await confirm.getByRole('button', { name: 'Send now' }).click()
    const row = scanning.getByTestId('withdrawal-row').first()
    await expect(row).toContainText('4,321 sats')
    await expect(row).toContainText('Succeeded')

    // the camera refused: a clear message, the dialog closes, and the field takes typing
    for (const [lng, width] of [
      ['en', 390],
      ['de', 390],
      ['de', 1280],
    ] as const) {
      const refused = await signedInPage(refusing, page, width)
      await refused.goto(`${withdrawPath}?lng=${lng}`)
      if (process.env.E2E_SCREENSHOTS) {
        await expect(refused.getByRole('button', { name: /Scan/ })).toBeVisible()
        await refused.screenshot({
          path: `${process.env.E2E_SCREENSHOTS}/withdraw-scan-page-${lng}-${width}.png`,
          fullPage: true,
        })
      }
      await refused.getByRole('button', { name: lng === 'en' ? 'Scan' : 'Scannen' }).click()
      await expect(refused.getByRole('alert')).toContainText(
        lng === 'en' ? 'Camera access was refused' : 'Der Zugriff auf die Kamera wurde verweigert',
      )
      if (process.env.E2E_SCREENSHOTS) {
        await refused.screenshot({
          path: `${process.env.E2E_SCREENSHOTS}/withdraw-scan-refused-${lng}-${width}.png`,
        })
      }
      if (lng !== 'en') continue
      await refused.getByRole('button', { name: 'Type it instead' }).click()
      await expect(refused.getByRole('dialog')).toBeHidden()
      await refused.getByLabel('Destination').fill(paymentRequest)
      await expect(refused.getByText('Detected: Lightning invoice')).toBeVisible()
    }
  } finally {
    await withCamera.close()
    await refusing.close()
    rmSync(folder, { recursive: true, force: true })
  }
})
