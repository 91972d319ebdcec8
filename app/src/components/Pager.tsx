/**
 * Cursor paging over a {@link Cursors} stack: Previous goes back through the cursors seen, Next
 * follows the page's `next_cursor`.
 */
export function Pager({
  label,
  cursors,
  nextCursor,
  onChange,
}: {
  label: string;
  cursors: Cursors;
  nextCursor: string | null;
  onChange: (cursors: Cursors) => void;
}) {
  const hasPrevious = cursors.page > 1;
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav class="pager" aria-label={label}>
      <button type="button" class="button" disabled={!hasPrevious} onClick={() => onChange(cursors.previous())}>
        Previous page
      </button>
      <span>Page {cursors.page}</span>
      <button type="button" class="button" disabled={!nextCursor} onClick={() => nextCursor && onChange(cursors.next(nextCursor))}>
        Next page
      </button>
    </nav>
  );
}

/** The cursor stack behind a Pager. */
export class Cursors {
  constructor(readonly stack: (string | null)[] = [null]) {}
  get current(): string | null {
    return this.stack[this.stack.length - 1] ?? null;
  }
  get page(): number {
    return this.stack.length;
  }
  next(cursor: string): Cursors {
    return new Cursors([...this.stack, cursor]);
  }
  previous(): Cursors {
    return new Cursors(this.stack.length > 1 ? this.stack.slice(0, -1) : [null]);
  }
}
