import { createElement, createRef, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { Slot } from './slot'

type Props = Record<string, unknown>

const slot = (props: Props, child: ReactElement) =>
  Slot({ ...props, children: child }) as ReactElement<Props>

describe('Slot (a button rendered as its child)', () => {
  it('joins class names, merges styles and lets the child’s other props win', () => {
    const out = slot(
      { className: 'btn', style: { color: 'red', margin: 1 }, title: 'slot', 'aria-busy': true },
      createElement('a', { className: 'link', style: { color: 'blue' }, title: 'child' }),
    )
    expect(out.type).toBe('a')
    expect(out.props).toMatchObject({
      className: 'btn link',
      style: { color: 'blue', margin: 1 },
      title: 'child',
      'aria-busy': true,
    })
  })

  it('runs both click handlers, the child’s first, and sets both refs', () => {
    const calls: string[] = []
    const slotRef = createRef<unknown>()
    let childNode: unknown
    const out = slot(
      { onClick: () => calls.push('slot'), ref: slotRef },
      createElement('a', {
        onClick: () => calls.push('child'),
        ref: (node: unknown) => {
          childNode = node
        },
      }),
    )
    ;(out.props.onClick as () => void)()
    expect(calls).toEqual(['child', 'slot'])
    ;(out.props.ref as (node: unknown) => void)('node')
    expect(slotRef.current).toBe('node')
    expect(childNode).toBe('node')
  })

  it('keeps the slot’s class when the child has none, and renders nothing for no element', () => {
    expect(
      slot({ className: 'btn' }, createElement('a', { className: undefined })).props,
    ).toMatchObject({ className: 'btn' })
    expect(Slot({ children: 'text' })).toBeNull()
  })
})
