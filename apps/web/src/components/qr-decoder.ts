/**
 * The QR decoder the camera scanner loads when it opens: ZXing-C++ compiled to WebAssembly
 * (`zxing-wasm`). The WebAssembly file is served with the app (never fetched from elsewhere)
 * and compiled once, on the first frame.
 */
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

prepareZXingModule({
  overrides: {
    locateFile: (file: string, prefix: string) =>
      file.endsWith('.wasm') ? wasmUrl : prefix + file,
  },
})

/** The text of the first QR code in `image`, or undefined when it holds none. */
export async function readQrCode(image: ImageData): Promise<string | undefined> {
  const [result] = await readBarcodes(image, {
    formats: ['QRCode'],
    maxNumberOfSymbols: 1,
    tryHarder: true,
  })
  return result?.isValid && result.text !== '' ? result.text : undefined
}
