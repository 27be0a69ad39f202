import { Typography } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// A Markdown note drawn as the page's own elements. react-markdown builds React elements from the
// syntax tree and never writes HTML: HTML typed in the note is left out (`skipHtml`), and its default
// `urlTransform` empties script and data addresses, so nothing in a note can run (docs/security.md,
// "Stored files: types, serving and previews"). GFM adds the tables, task lists and strikethrough
// teachers' notes use. Loaded only when a Markdown file is opened.

const components: Components = {
  // A note's links leave the portal in a new tab, without telling the page where they came from.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  // A picture in a note would be fetched from wherever it points: the note shows its description.
  img: ({ alt }) => <>{alt}</>,
};

export default function MarkdownText({ text }: { text: string }) {
  return (
    <Typography p="md" style={{ overflowWrap: 'anywhere' }}>
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </Markdown>
    </Typography>
  );
}
