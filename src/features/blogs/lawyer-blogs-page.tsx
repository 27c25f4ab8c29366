/**
 * /lawyer/blogs (docs/product.md §2 lawyer-blogs, LAWYER): my posts by status (the filter lives in the address),
 * the editor to write or change one (save as draft, or publish), each post's status moves (publish,
 * archive, back to drafts), deletion after a confirmation, and who follows me.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Blog } from '../../../contract/blogs';
import { BLOG_STATUS_NAMES, BlogStatusSchema, type BlogStatus } from '../../../contract/enums';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { TextField } from '../../components/form/text-field';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import { LinkTabs } from '../../components/tabs/link-tabs';
import { formErrorText } from '../../lib/api/app-error';
import { formatDate, formatNumber } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  useAuthorBlogsQuery,
  useCreateBlogMutation,
  useDeleteBlogMutation,
  useMySubscribersQuery,
  useSetBlogStatusMutation,
  useUpdateBlogMutation,
  SIDE_LIST_SIZE,
} from './api/blogs-api';
import { authorName } from './blog-parts';
import { blogsMessages } from './blogs-messages';
import { useBlogText } from './blogs-text';
import Button from '@mui/material/Button';
import './blogs.css';
import { AwaitingApproval, useLawyerStanding } from '../lawyers/profile/awaiting-approval';

// The editor (Tiptap and ProseMirror) downloads only when a post is being written or changed.
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

type Editing = { mode: 'new' } | { mode: 'edit'; blog: Blog } | null;

export function LawyerBlogsPage() {
  const t = useT(blogsMessages);
  const { lang } = useLang();
  const [params] = useSearchParams();
  const parsed = BlogStatusSchema.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const user = useSessionSelector(selectUser);
  const [editing, setEditing] = useState<Editing>(null);
  const { data, error, isFetching, refetch } = useAuthorBlogsQuery(
    { authorId: user?.id ?? '', page: 0, size: SIDE_LIST_SIZE, ...(status ? { status } : {}) },
    { skip: !user },
  );
  useDocumentTitle(t('myTitle'));
  const standing = useLawyerStanding();
  const waiting = standing === 'pending' || standing === 'rejected';

  return (
    <div className="container page blogs-page">
      <header className="blogs-head blogs-head-row">
        <div>
          <h1>{t('myTitle')}</h1>
          <p className="muted">{t('myIntro')}</p>
        </div>
        {!editing && !waiting && (
          <Button variant="contained" type="button" onClick={() => setEditing({ mode: 'new' })}>
            {t('newPost')}
          </Button>
        )}
      </header>
      {waiting && <AwaitingApproval standing={standing} />}

      {editing && (
        <PostEditor
          key={editing.mode === 'edit' ? editing.blog.blogId : 'new'}
          blog={editing.mode === 'edit' ? editing.blog : null}
          onDone={() => setEditing(null)}
        />
      )}

      <div className="blogs-layout">
        <section className="blogs-main" aria-label={t('myTitle')} aria-busy={isFetching}>
          <LinkTabs
            label={t('statusFilter')}
            current={status ?? 'ALL'}
            tabs={[
              { key: 'ALL', label: t('all'), to: '/lawyer/blogs' },
              ...BlogStatusSchema.options.map((s) => ({
                key: s,
                label: BLOG_STATUS_NAMES[s][lang],
                to: `/lawyer/blogs?status=${s}`,
              })),
            ]}
          />
          {isFetching && !data && <LoadingState label={t('loading')} />}
          {Boolean(error) && !data && <ErrorState error={error} title={t('failed')} onRetry={() => void refetch()} />}
          {data && data.blogs.length === 0 && (
            <EmptyState title={t('myEmpty')}>{!status && <p>{t('myEmptyAll')}</p>}</EmptyState>
          )}
          {data && data.blogs.length > 0 && (
            <ul className="blog-list">
              {data.blogs.map((blog) => (
                <MyPost key={blog.blogId} blog={blog} onEdit={() => setEditing({ mode: 'edit', blog })} />
              ))}
            </ul>
          )}
        </section>
        <aside className="blogs-side">
          <Subscribers />
        </aside>
      </div>
    </div>
  );
}

function PostEditor({ blog, onDone }: { blog: Blog | null; onDone: () => void }) {
  const t = useT(blogsMessages);
  const tb = useBlogText();
  const id = useId();
  const [title, setTitle] = useState(blog?.title ?? '');
  const [content, setContent] = useState(blog?.content ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [createBlog] = useCreateBlogMutation();
  const [updateBlog] = useUpdateBlogMutation();
  const needs = useNeedsNetwork();
  const blocked = busy || needs.disabled;

  const save = async (status: 'DRAFT' | 'PUBLISHED' | null) => {
    setBusy(true);
    setFailure(null);
    try {
      if (blog) await updateBlog({ id: blog.blogId, body: { title, content } }).unwrap();
      else await createBlog({ title, content, status: status ?? 'DRAFT' }).unwrap();
      onDone();
    } catch (error) {
      setFailure(tb(formErrorText(error, t('saveFailed'))));
      setBusy(false);
    }
  };

  return (
    <section className="card blog-editor" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{blog ? t('editPost') : t('newPost')}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save(blog ? null : 'DRAFT');
        }}
      >
        <TextField
          label={t('titleLabel')}
          name="title"
          value={title}
          required
          minLength={2}
          maxLength={255}
          onChange={(event) => setTitle(event.target.value)}
        />
        <div className="field">
          <span id={`${id}-content`} className="field-label">
            {t('contentLabel')}
          </span>
          <Suspense fallback={<LoadingState label={t('editorLoading')} rows={2} />}>
            <RichTextEditor initialHtml={blog?.content ?? ''} onChange={setContent} labelledBy={`${id}-content`} />
          </Suspense>
        </div>
        {failure && (
          <p className="alert alert-error" role="alert">
            {failure}
          </p>
        )}
        <NeedsNetworkNote needs={needs} />
        <div className="form-actions">
          {blog ? (
            <Button variant="contained" type="submit" disabled={blocked} aria-describedby={needs.describedBy}>
              {busy ? t('saving') : t('saveChanges')}
            </Button>
          ) : (
            <>
              <Button variant="outlined" type="submit" disabled={blocked} aria-describedby={needs.describedBy}>
                {busy ? t('saving') : t('saveDraft')}
              </Button>
              <Button
                variant="contained"
                type="button"
                disabled={blocked}
                aria-describedby={needs.describedBy}
                onClick={() => void save('PUBLISHED')}
              >
                {t('publish')}
              </Button>
            </>
          )}
          <Button variant="text" type="button" onClick={onDone} disabled={busy}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The status moves offered from each status. */
const MOVES: Record<BlogStatus, { to: BlogStatus; label: 'publish' | 'archive' | 'unpublish' | 'unarchive' }[]> = {
  DRAFT: [
    { to: 'PUBLISHED', label: 'publish' },
    { to: 'ARCHIVED', label: 'archive' },
  ],
  PUBLISHED: [
    { to: 'ARCHIVED', label: 'archive' },
    { to: 'DRAFT', label: 'unpublish' },
  ],
  ARCHIVED: [
    { to: 'PUBLISHED', label: 'publish' },
    { to: 'DRAFT', label: 'unarchive' },
  ],
};

function MyPost({ blog, onEdit }: { blog: Blog; onEdit: () => void }) {
  const t = useT(blogsMessages);
  const tb = useBlogText();
  const { lang } = useLang();
  const [setStatus, statusState] = useSetBlogStatusMutation();
  const [deleteBlog] = useDeleteBlogMutation();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const needs = useNeedsNetwork();

  const move = async (to: BlogStatus) => {
    setFailure(null);
    try {
      await setStatus({ id: blog.blogId, status: to }).unwrap();
    } catch (error) {
      setFailure(tb(formErrorText(error, t('statusFailed'))));
    }
  };

  return (
    <li className="card blog-card my-post" lang={blog.language}>
      <div className="blog-card-head">
        <h3 className="blog-card-title">
          <Link to={`/blog/${blog.blogId}`}>{blog.title}</Link>
        </h3>
        <span className={`status-badge blog-status is-${blog.status.toLowerCase()}`} lang={lang}>
          {BLOG_STATUS_NAMES[blog.status][lang]}
        </span>
      </div>
      <p className="muted blog-meta" lang={lang}>
        {blog.publishedAt
          ? t('published', { date: formatDate(blog.publishedAt, lang) })
          : t('created', { date: formatDate(blog.createdAt, lang) })}
      </p>
      <p className="blog-card-excerpt">{blog.excerpt}</p>
      {failure && (
        <p className="alert alert-error" role="alert" lang={lang}>
          {failure}
        </p>
      )}
      {confirming ? (
        <ConfirmDelete
          title={t('deleteTitle', { title: blog.title })}
          onCancel={() => setConfirming(false)}
          onConfirm={() => deleteBlog(blog.blogId).unwrap()}
        />
      ) : (
        <div className="form-actions blog-actions" lang={lang}>
          <Button variant="outlined" type="button" onClick={onEdit}>
            {t('edit')}
          </Button>
          {MOVES[blog.status].map((moveDef) => (
            <Button
              key={moveDef.to}
              type="button"
              variant={moveDef.to === 'PUBLISHED' ? 'contained' : 'outlined'}
              disabled={statusState.isLoading || needs.disabled}
              aria-describedby={needs.describedBy}
              onClick={() => void move(moveDef.to)}
            >
              {t(moveDef.label)}
            </Button>
          ))}
          <Button variant="contained" color="error" type="button" onClick={() => setConfirming(true)}>
            {t('delete')}
          </Button>
        </div>
      )}
      <NeedsNetworkNote needs={needs} />
    </li>
  );
}

function ConfirmDelete({
  title,
  onConfirm,
  onCancel,
}: {
  title: string;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useT(blogsMessages);
  const tb = useBlogText();
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // The safe choice takes focus first; Escape cancels.
  useEffect(() => cancel.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onCancel]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(tb(formErrorText(error, t('deleteFailed'))));
      setBusy(false);
    }
  };

  return (
    <div className="blog-confirm" role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
      <p id={`${id}-title`} className="blog-confirm-title">
        {title}
      </p>
      <p id={`${id}-body`}>{t('deleteBody')}</p>
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <Button variant="contained" color="error" type="button" onClick={() => void confirm()} disabled={busy}>
          {busy ? t('deleting') : t('delete')}
        </Button>
        <Button variant="outlined" type="button" onClick={onCancel} disabled={busy} ref={cancel}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}

function Subscribers() {
  const t = useT(blogsMessages);
  const { lang } = useLang();
  const { data, error, isFetching, refetch } = useMySubscribersQuery();
  return (
    <section className="card blogs-side-card" aria-labelledby="blog-subscribers" aria-busy={isFetching}>
      <h2 id="blog-subscribers">{t('subscribers')}</h2>
      {isFetching && !data && <LoadingState label={t('loading')} />}
      {Boolean(error) && !data && <ErrorState error={error} title={t('failed')} onRetry={() => void refetch()} />}
      {data && data.subscribers.length === 0 && <p className="muted">{t('noSubscribers')}</p>}
      {data && data.subscribers.length > 0 && (
        <>
          <p className="muted">
            {t('subscribersCount', {
              n: formatNumber(data.page?.totalCount ?? data.subscribers.length, lang, 0),
            })}
          </p>
          <ul className="blog-side-list">
            {data.subscribers.map((subscriber) => (
              <li key={subscriber.id}>
                {authorName(subscriber)}
                <span className="muted"> · {t('since', { date: formatDate(subscriber.subscribedAt, lang) })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
