/** The simulated network's control API, driven by specs as an operator or a payer would. */
import { simnetPort } from './server'

export const simnetUrl = `http://127.0.0.1:${simnetPort}`

export async function simnet<T = unknown>(
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${simnetUrl}/control${route}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as T
  if (!res.ok) throw new Error(`simnet ${route}: ${JSON.stringify(json)}`)
  return json
}
