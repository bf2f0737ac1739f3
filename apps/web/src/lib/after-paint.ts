import { useEffect, useState } from 'react';

/** Whether a screen has already been shown since the console loaded: after that no screen waits (see below). */
let settled = false;

/**
 * False until the screen has been painted with what it is about (`ready`: its main read has come), then true: what a
 * screen shows below its first view (a calendar, its dates, side prices) waits for it, so the first paint of what the
 * agent came for is not held behind requests and work it does not need (Lighthouse counts every request made before
 * the largest paint). The turn after the second frame from then: the first frame is the one that shows it, and it has
 * been presented only once the next one begins. Only the console's first screen waits: once one has been shown, a
 * screen opened within the console draws everything it has at once (waiting there would show a placeholder for two
 * frames in place of what is already in memory). A hidden tab does not wait, nor does a tab hidden while waiting
 * (its frames would not come until it is shown again).
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(settled);
  useEffect(() => {
    if (painted || !ready) return;
    const done = () => {
      settled = true;
      setPainted(true);
    };
    if (document.visibilityState === 'hidden') {
      done();
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(done, 0);
      });
    });
    const hidden = () => {
      if (document.visibilityState === 'hidden') done();
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [painted, ready]);
  return painted;
}
