import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * A worker thread running an ES module. Node 20 does not hand `--import` loaders to workers, so
 * a TypeScript module gets tsx registered on its thread first.
 */
export function startModuleWorker(url: URL, options: WorkerOptions = {}): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, options)
  const tsx = import.meta.resolve('tsx/esm/api')
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}) })`
  return new Worker(boot, { ...options, eval: true })
}
