import { Anchor } from '@mantine/core';
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';

import { parseRichText, type Inline } from '../utils/rich-text.ts';
import classes from './assistant.module.css';

function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>;
      case 'bold':
        return (
          <strong key={i}>
            <InlineNodes nodes={n.children} />
          </strong>
        );
      case 'italic':
        return (
          <em key={i}>
            <InlineNodes nodes={n.children} />
          </em>
        );
      case 'code':
        return (
          <code key={i} className={classes.code}>
            {n.text}
          </code>
        );
      case 'link':
        return n.external ? (
          <Anchor
            key={i}
            href={n.href}
            target="_blank"
            rel="noopener noreferrer"
            inherit
            underline="always"
          >
            <InlineNodes nodes={n.children} />
          </Anchor>
        ) : (
          // underlined: inside a sentence colour alone does not set a link apart
          <Anchor key={i} component={Link} to={n.href} inherit underline="always">
            <InlineNodes nodes={n.children} />
          </Anchor>
        );
    }
  });
}

/**
 * The assistant's answer as React elements: paragraphs, headings, lists, bold, italic, code
 * and links (app paths open in the app). Nothing of the text is ever read as HTML.
 */
export function RichText({ text, trailing }: { text: string; trailing?: ReactNode }) {
  const blocks = useMemo(() => parseRichText(text), [text]);
  return (
    <>
      {blocks.map((b, i) => {
        const last = i === blocks.length - 1 ? trailing : null;
        if (b.type === 'heading') {
          return (
            <p key={i} className={classes.richHeading}>
              <InlineNodes nodes={b.children} />
              {last}
            </p>
          );
        }
        if (b.type === 'list') {
          const items = b.items.map((item, j) => (
            <li key={j}>
              <InlineNodes nodes={item} />
              {j === b.items.length - 1 ? last : null}
            </li>
          ));
          return b.ordered ? (
            <ol key={i} start={b.start} className={classes.richList}>
              {items}
            </ol>
          ) : (
            <ul key={i} className={classes.richList}>
              {items}
            </ul>
          );
        }
        return (
          <p key={i} className={classes.richP}>
            {b.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                <InlineNodes nodes={line} />
              </Fragment>
            ))}
            {last}
          </p>
        );
      })}
      {blocks.length === 0 && trailing}
    </>
  );
}
