/** Precompressed copies of the build, so the server never compresses on a request. */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|json|webmanifest|svg|txt|map|wasm)$/

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    return statSync(file).isDirectory() ? filesUnder(file) : [file]
  })
}

/**
 * Brotli and gzip copies of every text file in the build and of the QR decoder's WebAssembly,
 * so the server sends them without compressing on each request. Runs last, after the service
 * worker is written.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'app:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue
          const body = readFileSync(file)
          const copies = {
            gz: gzipSync(body, { level: 9 }),
            br: brotliCompressSync(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          }
          // even a small chunk is sent compressed when that is smaller (a page loads many)
          for (const [encoding, copy] of Object.entries(copies)) {
            if (copy.length < body.length) writeFileSync(`${file}.${encoding}`, copy)
          }
        }
      },
    },
  }
}
