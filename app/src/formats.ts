// The label formats of GET /v1/formats, loaded once.
import { get } from './api';
import type { Format } from './types';

let cache: Promise<Format[]> | null = null;

export function loadFormats(): Promise<Format[]> {
  if (!cache) {
    cache = get<{ data: Format[] }>('/v1/formats').then(
      (r) => r.data,
      (err) => {
        cache = null;
        throw err;
      },
    );
  }
  return cache;
}
