/**
 * Every payment is a row before it is a request: the row is written with its idempotency key,
 * then the wallet is asked, then what the wallet answered is attached to the row, or the row is
 * marked failed. Incoming payments (an invoice, an address) go through it; a withdrawal is its
 * outgoing twin (write the withdrawal, ask the wallet to pay, attach the proof of payment).
 *
 * A row whose request never came back (the process died in between) is failed by the deadline
 * sweep (`deadline.ts`); `attach` then finds it closed and the outcome is `failed`.
 */

/** Where a flow ended: its row as it stands now. */
export type FlowOutcome<Row> =
  /** A new row, the wallet answered, its answer is attached. */
  | { state: 'attached'; row: Row }
  /** The idempotency key was used before for the same request: that row, not asked again. */
  | { state: 'replayed'; row: Row }
  /** A new row, the request failed (or the row was closed meanwhile): the row is failed. */
  | { state: 'failed'; row: Row; error: unknown }

export interface FlowSteps<Row, Answer> {
  /** Writes the row, or finds the one written before under the same idempotency key. */
  write(): Promise<{ row: Row; isNew: boolean }>
  /** Asks the wallet (or anything outside the database) for what the row needs. */
  request(row: Row): Promise<Answer>
  /** Attaches the answer; undefined when the row is no longer open. */
  attach(row: Row, answer: Answer): Promise<Row | undefined>
  /** Marks the row failed; returns it as it stands after. */
  fail(row: Row, error: unknown): Promise<Row>
}

/** The row was closed (failed past its deadline) before the wallet's answer could be attached. */
class RowClosedError extends Error {
  constructor() {
    super('The request took too long')
    this.name = 'RowClosedError'
  }
}

/** Row, then request, then attach or fail. */
export async function rowThenRequest<Row, Answer>(
  steps: FlowSteps<Row, Answer>,
): Promise<FlowOutcome<Row>> {
  const { row, isNew } = await steps.write()
  if (!isNew) return { state: 'replayed', row }
  try {
    const attached = await steps.attach(row, await steps.request(row))
    if (!attached) throw new RowClosedError()
    return { state: 'attached', row: attached }
  } catch (error) {
    return { state: 'failed', row: await steps.fail(row, error), error }
  }
}
