// Drop-in for react-style-singleton (used by react-remove-scroll in the Radix dialog) that writes
// through adoptStyles instead of a <style> element the Content-Security-Policy would block. Same
// contract: the styles are added when the first user mounts and removed when the last unmounts.
import { useEffect } from 'react';
import { adoptStyles } from './adoptedStyles.ts';

export function stylesheetSingleton() {
  let counter = 0;
  let drop: (() => void) | null = null;
  return {
    add(style: string) {
      if (counter === 0) drop = adoptStyles(style);
      counter++;
    },
    remove() {
      counter--;
      if (counter === 0 && drop) {
        drop();
        drop = null;
      }
    },
  };
}

export function styleHookSingleton() {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    // biome-ignore lint/correctness/useExhaustiveDependencies: the library's own dependency rule.
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
    }, [styles && isDynamic]);
  };
}

export function styleSingleton() {
  const useStyle = styleHookSingleton();
  // A factory by contract: each singleton is its own component with its own counter.
  // biome-ignore lint/correctness/noComponentHookFactories: the library's API, called once at module level.
  return function Sheet({ styles, dynamic }: { styles: string; dynamic?: boolean }) {
    useStyle(styles, dynamic);
    return null;
  };
}
