import { Title, Typography, type TitleOrder } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// A Markdown note drawn as the page's own elements. react-markdown builds React elements from the
// syntax tree and never writes HTML: HTML typed in the note is left out (`skipHtml`), and its default
// `urlTransform` empties script and data addresses, so nothing in a note can run (docs/security.md,
// "Stored files: types, serving and previews"). GFM adds the tables, task lists and strikethrough
// teachers' notes use. Loaded only when a Markdown file is opened.

/**
 * A note's heading, two levels down: the note sits under the viewer's own title (the dialog's h2), and
 * a "#" drawn as the page's h1 took a third of a 375 px screen. So "#" is an h3 in h3's size, "##" an
 * h4 and so on; "####" and deeper share h6's level, in h5's size (h6 is smaller than the text).
 */
function heading(level: number): Components['h1'] {
  const order = Math.min(level + 2, 6) as TitleOrder;
  return function NoteHeading({ node: _node, ...props }) {
    return <Title order={order} size={order === 6 ? 'h5' : `h${order}`} {...props} />;
  };
}

const components: Components = {
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
  // A note's links leave the portal in a new tab, without telling the page where they came from.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  // A picture in a note would be fetched from wherever it points: the note shows its description.
  img: ({ alt }) => <>{alt}</>,
};

/** `padded`: the viewer's frame pads the note; an announcement's card has its own padding. */
export default function MarkdownText({ text, padded = true }: { text: string; padded?: boolean }) {
  return (
    <Typography p={padded ? 'md' : 0} style={{ overflowWrap: 'anywhere' }}>
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </Markdown>
    </Typography>
  );
}
