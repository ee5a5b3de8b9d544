import type { World } from '../../world/api'

/** What a client needs to reach one service: URLs and credentials, as plain JSON. */
export type ServiceEntry = Record<string, unknown>

/**
 * The listing behind GET /control/services. Each service module may describe itself here
 * (`serviceDirectory(world).describe('cashu', () => ({ ... }))`); entries are computed on
 * every request so they can use the final base URL and current credentials.
 */
class ServiceDirectory {
  private readonly entries = new Map<string, () => ServiceEntry>()

  describe(name: string, entry: () => ServiceEntry): void {
    this.entries.set(name, entry)
  }

  list(): Record<string, ServiceEntry> {
    const out: Record<string, ServiceEntry> = {}
    for (const [name, entry] of this.entries) out[name] = entry()
    return out
  }
}

const directories = new WeakMap<World, ServiceDirectory>()

export function serviceDirectory(world: World): ServiceDirectory {
  let directory = directories.get(world)
  if (!directory) {
    directory = new ServiceDirectory()
    directories.set(world, directory)
  }
  return directory
}
