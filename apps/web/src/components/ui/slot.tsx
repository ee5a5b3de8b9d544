import { cloneElement, isValidElement, type ReactNode } from 'react'

type Props = Record<string, unknown>

function setRef(ref: unknown, node: unknown) {
  if (typeof ref === 'function') (ref as (value: unknown) => void)(node)
  else if (ref && typeof ref === 'object') (ref as { current: unknown }).current = node
}

/**
 * Renders its one child element with these props merged in (`asChild`), as Radix's Slot does,
 * without its weight on every page's first load: the child's props win, except that class
 * names are joined, styles merged, event handlers both run (the child's first) and both refs set.
 */
export function Slot({ children, ...props }: Props & { children?: ReactNode }) {
  if (!isValidElement<Props>(children)) return null
  const own = children.props
  const merged: Props = { ...props, ...own }
  for (const [key, value] of Object.entries(props)) {
    const childValue = own[key]
    if (value === undefined) continue
    if (childValue === undefined) merged[key] = value
    else if (key === 'className') merged.className = `${value as string} ${childValue as string}`
    else if (key === 'style') merged.style = { ...(value as object), ...(childValue as object) }
    else if (
      /^on[A-Z]/.test(key) &&
      typeof value === 'function' &&
      typeof childValue === 'function'
    ) {
      merged[key] = (...args: unknown[]) => {
        ;(childValue as (...a: unknown[]) => void)(...args)
        ;(value as (...a: unknown[]) => void)(...args)
      }
    } else if (key === 'ref') {
      merged.ref = (node: unknown) => {
        setRef(value, node)
        setRef(childValue, node)
      }
    }
  }
  return cloneElement(children, merged)
}
