/**
 * Images a business uploads for its terminals: recognised by their content (never by name or
 * declared type), only PNG, JPEG or WebP, at most 3 MB, then decoded and encoded again by sharp
 * (libvips), which drops every metadata block (EXIF, XMP, ICC comments) and anything that was
 * not image data. An SVG, HTML renamed to .png, or a truncated file fails to decode and is refused.
 */
import { IMAGE_MAX_BYTES } from '@app/domain'
import sharp from 'sharp'
import { DomainError } from '../../lib/errors'

/** Widest image kept; a larger one is scaled down (terminal screens are small). */
const IMAGE_MAX_WIDTH = 1600
const MAX_INPUT_PIXELS = 40_000_000

const FORMATS = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
} as const

export interface CleanImage {
  contentType: (typeof FORMATS)[keyof typeof FORMATS]
  bytes: Buffer
  width: number
  height: number
}

const notAllowed = () =>
  new DomainError('FILE_TYPE_NOT_ALLOWED', 'Only PNG, JPEG or WebP images can be uploaded')

/** The image decoded and encoded again without metadata, or the refusal. */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  if (input.length === 0) throw new DomainError('FILE_EMPTY', 'The file is empty')
  if (input.length > IMAGE_MAX_BYTES) {
    throw new DomainError('FILE_TOO_LARGE', 'File is larger than allowed', {
      maxBytes: IMAGE_MAX_BYTES,
    })
  }
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format
  } catch {
    throw notAllowed()
  }
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp') throw notAllowed()
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
    const encoded =
      format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : format === 'jpeg'
          ? pipeline.jpeg({ quality: 88, mozjpeg: true })
          : pipeline.webp({ quality: 88 })
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return { contentType: FORMATS[format], bytes: data, width: info.width, height: info.height }
  } catch {
    throw notAllowed()
  }
}
