// Lists page with `?limit=&cursor=` and answer `{data, next_cursor}`; next_cursor is null on
// the last page (API_DECISIONS.md §8). These iterate over every item, a page at a time.

export interface Page<T> {
  data: T[];
  next_cursor?: string | null;
}

/** Every item of a list, fetching the next page only when the previous one is used up. */
export async function* paginate<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.data;
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
}
