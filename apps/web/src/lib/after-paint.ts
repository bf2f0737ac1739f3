import { useEffect, useState } from 'react';

/**
 * False until the browser has painted once since the component mounted, then true: what a screen shows below its
 * first view (a calendar, its dates, side prices) waits for it, so the first paint of what the agent came for is not
 * held behind requests and work it does not need (Lighthouse counts every request made before the largest paint).
 * The turn after the second frame from now: the first frame is the one that shows the screen, and it has been presented
 * to the agent only once the next one begins. At once in a hidden tab, whose frames wait.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    if (document.visibilityState === 'hidden') {
      setPainted(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setPainted(true), 0);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
