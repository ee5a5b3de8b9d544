/** Runs a task every intervalMs, never two at once; stop() waits for the running one. */
export function every(
  intervalMs: number,
  task: (signal: AbortSignal) => Promise<void>,
  onError: (err: unknown) => void,
) {
  const controller = new AbortController()
  let running: Promise<void> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = task(controller.signal)
      .catch(onError)
      .finally(() => {
        running = null
      })
  }, intervalMs)
  return {
    async stop(): Promise<void> {
      clearInterval(timer)
      controller.abort()
      await running
    },
  }
}
