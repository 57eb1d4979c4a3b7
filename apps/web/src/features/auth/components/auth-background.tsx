import { POLL } from '@eproto/domain';
import { useEffect, useState } from 'react';

import { whenIdle } from '../../../lib/idle.ts';
import classes from './auth.module.css';
import { AUTH_SLIDES } from './auth-slides.ts';

/**
 * Full-screen slideshow: 3 illustrations crossfading every 4 s (SPEC.md §2). Only the first is in
 * the page as it opens; the next one is added once the page has loaded and the main thread is
 * idle, seconds before its turn. Each illustration is an SVG document the browser parses and lays
 * out on the main thread (60-80 ms on a 4x slower phone, issue 33): the two hidden ones no
 * longer download and render while the sign-in form is being shown.
 */
export function AuthBackground() {
  const [active, setActive] = useState(0);
  const [mounted, setMounted] = useState(1);

  useEffect(() => {
    if (mounted > active + 1 || mounted >= AUTH_SLIDES.length) return;
    let cancel = () => {};
    const next = () => (cancel = whenIdle(() => setMounted(active + 2), 2_000));
    if (document.readyState === 'complete') next();
    else window.addEventListener('load', next, { once: true });
    return () => {
      window.removeEventListener('load', next);
      cancel();
    };
  }, [active, mounted]);

  useEffect(() => {
    const timer = window.setInterval(
      () => setActive((i) => (i + 1) % AUTH_SLIDES.length),
      POLL.loginSlideMs,
    );
    return () => window.clearInterval(timer);
  }, []);

  const current = AUTH_SLIDES[active] ?? AUTH_SLIDES[0];

  return (
    <div className={classes.background} aria-hidden="true" data-active-slide={active}>
      {AUTH_SLIDES.map((slide, i) =>
        i < mounted || i === active ? (
          <img
            key={slide.src}
            src={slide.src}
            alt=""
            className={classes.slide}
            data-active={i === active || undefined}
            decoding="async"
            fetchPriority={i === 0 ? 'high' : 'low'}
          />
        ) : null,
      )}
      <div className={classes.scrim} />
      <div className={classes.caption} key={current.src}>
        <div className={classes.captionTitle}>{current.title}</div>
        <div className={classes.captionText}>{current.text}</div>
        <div className={classes.dots}>
          {AUTH_SLIDES.map((slide, i) => (
            <span key={slide.src} className={classes.dot} data-active={i === active || undefined} />
          ))}
        </div>
      </div>
    </div>
  );
}
