import { describe, expect, it } from 'vitest'
import { assertPublicWebhookUrl } from './webhook-call'

describe('a webhook URL outside demo mode', () => {
  it.each([
    'http://8.8.8.8/hook',
    'https://127.0.0.1/hook',
    'https://10.1.2.3/hook',
    'https://192.168.0.10:8443/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[fd00::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
    'https://user:pass@8.8.8.8/hook',
    'not a url',
  ])('refuses %s', async (url) => {
    await expect(assertPublicWebhookUrl(url)).rejects.toMatchObject({ code: 'VALIDATION' })
  })

  it('takes a public https address', async () => {
    await expect(assertPublicWebhookUrl('https://8.8.8.8/hook')).resolves.toBeUndefined()
  })
})
