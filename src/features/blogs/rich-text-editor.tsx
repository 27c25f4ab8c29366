/**
 * The post editor: Tiptap (ProseMirror) with a Material UI toolbar — headings, bold/italic/underline,
 * lists, quote, link (docs/decisions/0013-material-ui-emotion.md). Loaded lazily by the posts page
 * only when a post is being written, so ProseMirror never ships with the first load.
 *
 * The document schema is the output allowlist: only the nodes and marks enabled below exist, and each
 * renders as a tag the server's sanitiser keeps (server/modules/blogs/sanitize.ts: h2–h4, p, br,
 * strong, em, u, s, ul/ol/li, blockquote, a, code, pre). Pasted HTML is parsed into that schema, so
 * anything else (images, scripts, styles, tables) never reaches the saved HTML. The server still cuts
 * whatever arrives down to its allowlist: it stays the authority.
 *
 * The toolbar is one tab stop (arrow keys, Home and End move inside it, as the ARIA toolbar pattern
 * says); each button says whether its format is on (aria-pressed). In the text, Ctrl+B/I/U work, and
 * Ctrl+K opens the link field.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import ToggleButton from '@mui/material/ToggleButton';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import { useT } from '../../lib/i18n';
import { blogsMessages } from './blogs-messages';
import './rich-text-editor.css';

interface RichTextEditorProps {
  /** The HTML the editor starts with (read once: remount with a new `key` to load another post). */
  initialHtml: string;
  onChange: (html: string) => void;
  labelledBy: string;
}

/** The link schemes the server keeps on an href (server/modules/blogs/sanitize.ts). */
const SAFE_HREF = /^(https?:\/\/|mailto:)\S+$/i;

type ToolKey =
  | 'heading'
  | 'subheading'
  | 'paragraph'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'bulletList'
  | 'numberedList'
  | 'quote'
  | 'link'
  | 'removeLink';

interface Tool {
  key: ToolKey;
  icon: ReactNode;
  isActive: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const glyph = (text: string) => (
  <span aria-hidden="true" className="rte-glyph">
    {text}
  </span>
);

/**
 * Headings the editor has no level for, renamed before a paste is parsed: otherwise a pasted <h1> (the
 * title of a copied article) or <h4>–<h6> would fall back to a plain paragraph, although the server
 * keeps an <h1> as <h2> (server/modules/blogs/sanitize.ts). An <h1> becomes the editor's heading (h2),
 * and an <h4>–<h6> its subheading (h3). Attributes go: the schema keeps none on a heading.
 */
export function headingsWithinLevels(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found = template.content.querySelectorAll('h1, h4, h5, h6');
  if (found.length === 0) return html;
  for (const heading of found) {
    const renamed = document.createElement(heading.tagName === 'H1' ? 'h2' : 'h3');
    renamed.append(...heading.childNodes);
    heading.replaceWith(renamed);
  }
  return template.innerHTML;
}

const PastedHeadings = Extension.create({
  name: 'pastedHeadings',
  addProseMirrorPlugins() {
    return [new Plugin({ props: { transformPastedHTML: headingsWithinLevels } })];
  },
});

/** The extensions: StarterKit cut down to what the server's allowlist keeps. */
export const EDITOR_EXTENSIONS = [
  PastedHeadings,
  StarterKit.configure({
    heading: { levels: [2, 3] },
    // <hr> is not on the server's allowlist.
    horizontalRule: false,
    // No empty paragraph kept at the end of every post.
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      isAllowedUri: (url) => SAFE_HREF.test(url),
      // Readers' links open in a new tab without handing it this page; the server sets the same rel.
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
    },
  }),
];

export function RichTextEditor({ initialHtml, onChange, labelledBy }: RichTextEditorProps) {
  const t = useT(blogsMessages);
  const hintId = useId();
  const toolbar = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    // ProseMirror's base rules come from rich-text-editor.css: an injected <style> breaks the CSP.
    injectCSS: false,
    // Read once: the editor owns its document from here on.
    content: initialHtml,
    editorProps: {
      attributes: {
        class: 'rte-area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        'aria-describedby': hintId,
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => report.current(current.isEmpty ? '' : current.getHTML()),
  });

  // Re-render the toolbar when the selection moves, so aria-pressed follows the cursor.
  const pressed = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(TOOLS.map((tool) => [tool.key, current ? tool.isActive(current) : false])) as Record<
        ToolKey,
        boolean
      >,
  });

  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const edge = event.key === 'Home' ? 0 : event.key === 'End' ? TOOLS.length - 1 : null;
    if (step === 0 && edge === null) return;
    event.preventDefault();
    const next = edge ?? (active + step + TOOLS.length) % TOOLS.length;
    setActive(next);
    toolbar.current?.querySelectorAll('button')[next]?.focus();
  };

  const apply = (tool: Tool) => {
    if (!editor) return;
    if (tool.key === 'link') {
      setLinkOpen(true);
      return;
    }
    tool.run(editor);
  };

  return (
    <div className="rte">
      <div className="rte-toolbar" role="toolbar" aria-label={t('toolbar')} ref={toolbar} onKeyDown={onToolbarKey}>
        {TOOLS.map((tool, i) => (
          <ToggleButton
            key={tool.key}
            value={tool.key}
            size="small"
            className="rte-button"
            selected={pressed?.[tool.key] ?? false}
            // Actions, not formats: no pressed state to announce.
            aria-pressed={
              tool.key === 'paragraph' || tool.key === 'removeLink' ? undefined : (pressed?.[tool.key] ?? false)
            }
            tabIndex={i === active ? 0 : -1}
            aria-label={t(tool.key)}
            title={t(tool.key)}
            disabled={!editor}
            // Keep the text selection: a click must not move focus out of the editor first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setActive(i);
              apply(tool);
            }}
          >
            {tool.icon}
          </ToggleButton>
        ))}
      </div>
      {linkOpen && editor && <LinkField editor={editor} onClose={() => setLinkOpen(false)} />}
      <EditorContent editor={editor} />
      <p id={hintId} className="muted rte-hint">
        {t('editorHint')}
      </p>
    </div>
  );
}

const TOOLS: Tool[] = [
  {
    key: 'heading',
    icon: glyph('H2'),
    isActive: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: 'subheading',
    icon: glyph('H3'),
    isActive: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: 'paragraph',
    icon: glyph('¶'),
    // An action (back to plain text), not a state: a list item's text is a paragraph too.
    isActive: () => false,
    run: (e) => e.chain().focus().setParagraph().run(),
  },
  {
    key: 'bold',
    icon: <FormatBold />,
    isActive: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    key: 'italic',
    icon: <FormatItalic />,
    isActive: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    key: 'underline',
    icon: <FormatUnderlined />,
    isActive: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    key: 'bulletList',
    icon: <FormatListBulleted />,
    isActive: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'numberedList',
    icon: <FormatListNumbered />,
    isActive: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    key: 'quote',
    icon: <FormatQuote />,
    isActive: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  { key: 'link', icon: <InsertLink />, isActive: (e) => e.isActive('link'), run: () => undefined },
  {
    key: 'removeLink',
    icon: <LinkOff />,
    isActive: () => false,
    run: (e) => e.chain().focus().extendMarkRange('link').unsetLink().run(),
  },
];

/** The link address, asked in place under the toolbar (a window.prompt is not styled nor translated by us). */
function LinkField({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const t = useT(blogsMessages);
  const current = editor.getAttributes('link') as { href?: string };
  const [href, setHref] = useState(current.href ?? 'https://');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The field opens because the writer asked for it (the Link button or Ctrl+K): take them there.
  useEffect(() => input.current?.focus(), []);

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const save = () => {
    const address = href.trim();
    if (!SAFE_HREF.test(address)) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With no text selected, the address itself becomes the link's text.
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] }).run();
    else chain.setLink({ href: address }).run();
    onClose();
  };

  return (
    <div className="rte-link">
      <TextField
        size="small"
        inputRef={input}
        label={t('linkPrompt')}
        value={href}
        type="url"
        inputMode="url"
        error={invalid}
        helperText={invalid ? t('linkInvalid') : undefined}
        onChange={(event) => {
          setHref(event.target.value);
          setInvalid(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
        }}
      />
      <div className="rte-link-actions">
        <Button size="small" variant="contained" type="button" onClick={save}>
          {t('linkApply')}
        </Button>
        <Button size="small" variant="text" type="button" onClick={close}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}
