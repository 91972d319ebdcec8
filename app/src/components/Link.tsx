import type { AnchorHTMLAttributes, ComponentChildren } from 'preact';
import { onLinkClick } from '../router';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children: ComponentChildren };

/** An in-app link: a real <a href> that navigates without a reload. */
export function Link({ children, ...props }: Props) {
  return (
    <a {...props} onClick={onLinkClick}>
      {children}
    </a>
  );
}
