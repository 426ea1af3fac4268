import type { ComponentChildren } from 'preact';
import { navigate } from './router.ts';

interface LinkProps {
  readonly href: string;
  readonly class?: string;
  readonly children: ComponentChildren;
}

/** An <a> that navigates in-app on a plain click and behaves normally with modifiers. */
export function Link({ href, class: className, children }: LinkProps) {
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} class={className} onClick={onClick}>
      {children}
    </a>
  );
}
