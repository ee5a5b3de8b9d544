/**
 * V8's explicit compile hints (Chromium 136 and later; other engines ignore the comment): a
 * script that starts with `//# allFunctionsCalledOnLoad` is compiled whole on a background
 * thread while it downloads, instead of function by function on the main thread the first time
 * each one runs. On a slow tablet that first-run compiling was the larger part of starting the
 * app and drawing its first page (see docs/decisions.md, "Compiled while it downloads").
 *
 * Every chunk of some size gets the hint: the libraries and the entry run at once on every page,
 * and a lazy chunk is fetched when its page or component is about to show. The many tiny chunks
 * (an icon, a constant) go without: there the comment would weigh more, in bytes every first
 * load sends, than the compiling it saves. Added after minifying (which drops comments), so a
 * chunk's hash is of its code alone; the comment is the same in every build.
 */
import type { Plugin } from 'vite'

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
/** Chunks smaller than this (minified, uncompressed) are left without the hint. */
export const COMPILE_HINT_MIN_BYTES = 2048

export function compileHints(): Plugin {
  return {
    name: 'app:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const out of Object.values(bundle)) {
          if (out.type !== 'chunk' || out.code.length < COMPILE_HINT_MIN_BYTES) continue
          if (out.code.startsWith(COMPILE_HINT)) continue
          out.code = `${COMPILE_HINT}\n${out.code}`
        }
      },
    },
  }
}
