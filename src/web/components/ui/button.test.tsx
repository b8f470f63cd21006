// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogContent, DialogTrigger } from './dialog';

afterEach(cleanup);

describe('Button asChild (the app’s own Slot)', () => {
  it('renders the child element with the button’s look, the child’s classes and no button type', () => {
    render(
      <Button asChild variant="outline" size="lg">
        <a href="/news" className="extra">
          Read the News
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Read the News' });
    expect(link.getAttribute('href')).toBe('/news');
    expect(link.className).toContain('border-input');
    expect(link.className).toContain('h-11');
    expect(link.className).toContain('extra');
    expect(link.hasAttribute('type')).toBe(false);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('runs the child’s handler, then the button’s, and gives both refs the element', () => {
    const calls: string[] = [];
    const buttonRef = createRef<HTMLButtonElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Button asChild ref={buttonRef} onClick={() => calls.push('button')}>
        <a href="#top" ref={childRef} onClick={() => calls.push('child')}>
          Top
        </a>
      </Button>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Top' }));
    expect(calls).toEqual(['child', 'button']);
    expect(buttonRef.current).toBe(screen.getByRole('link', { name: 'Top' }));
    expect(childRef.current).toBe(buttonRef.current);
  });

  it('works as a Radix trigger: the dialog opens on click and says so on the button', () => {
    render(
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="ghost">Open menu</Button>
        </DialogTrigger>
        <DialogContent title="Menu">
          <p>Links</p>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Open menu' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('type')).toBe('button');
  });
});
