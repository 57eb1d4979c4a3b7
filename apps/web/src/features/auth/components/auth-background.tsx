import { POLL } from '@eproto/domain';
import { useEffect, useState } from 'react';

import classes from './auth.module.css';
import { AUTH_SLIDES } from './auth-slides.ts';

/** Full-screen slideshow: 3 illustrations crossfading every 4 s (SPEC.md §2). */
export function AuthBackground() {
  const [active, setActive] = useState(0);

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
      {AUTH_SLIDES.map((slide, i) => (
        <img
          key={slide.src}
          src={slide.src}
          alt=""
          className={classes.slide}
          data-active={i === active || undefined}
          decoding="async"
          fetchPriority={i === 0 ? 'high' : 'low'}
        />
      ))}
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
