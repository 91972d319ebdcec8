// A value with subscribers, and the hook that re-renders a component when it changes.
import { useEffect, useState } from 'preact/hooks';

export class Store<T> {
  private listeners = new Set<() => void>();
  constructor(private value: T) {}
  get(): T {
    return this.value;
  }
  set(next: T): void {
    this.value = next;
    for (const listener of this.listeners) listener();
  }
  /** Re-renders on every change, including one made between render and subscription. */
  use(): T {
    const [seen, setSeen] = useState<{ v: T }>({ v: this.value });
    useEffect(() => {
      const listener = () => setSeen({ v: this.value });
      this.listeners.add(listener);
      if (seen.v !== this.value) listener();
      return () => {
        this.listeners.delete(listener);
      };
    }, []);
    return this.value;
  }
}
