/** The signed-in user's own account: reading it, renaming, and the profile picture. */
import type { UserInfo } from '../../../contract/auth';
import type { Clock } from '../../clock';
import { notFound } from '../../http/app-error';
import { Lru } from '../../lru';
import type { FileStorage } from '../../storage/file-storage';
import type { Actor } from '../auth/policy';
import type { SessionEvents } from '../auth/session-events';
import { pictureKey, pictureUrl, processPicture } from './pictures';
import type { UserInfoRow, UsersRepository } from './repository';

export interface UsersServiceDeps {
  users: UsersRepository;
  storage: FileStorage;
  clock: Clock;
  /**
   * Told after a rename or a new picture, so copies elsewhere (the directory, cached sessions, the
   * account read below) follow.
   */
  onChanged?: (userId: string) => Promise<void>;
  /** Where changed users are announced, here and by other instances (the auth service's session events). */
  events?: SessionEvents;
  /**
   * How long an account read may be answered again from memory: the session cache's time
   * (SESSION_CACHE_MS), dropped the moment its user changes on any instance. Off when unset.
   */
  infoCacheMs?: number;
}

/** Accounts remembered at most; past it the least recently read goes. */
const INFO_CACHE_MAX = 10_000;

export class UsersService {
  /** User id → their account as last read, until `validUntilMs` (see UsersServiceDeps.infoCacheMs). */
  private readonly read = new Lru<string, { info: UserInfo; validUntilMs: number }>(INFO_CACHE_MAX);
  /** Counts what was forgotten: a read that began before a change and ends after it is not kept. */
  private generation = 0;

  constructor(private readonly deps: UsersServiceDeps) {
    deps.events?.onUserChanged((userId) => this.forget(userId));
    deps.events?.onPeersUnheard(() => this.forget(null));
  }

  /**
   * The signed-in user's account (GET /user/user-info). With `infoCacheMs`, a read of the last
   * moments answers again, as the session check itself does (docs/benchmarks.md, issue 22).
   */
  async info(actor: Actor): Promise<UserInfo> {
    const nowMs = this.deps.clock.now().getTime();
    const kept = this.read.get(actor.userId);
    if (kept && kept.validUntilMs > nowMs) return kept.info;
    const generation = this.generation;
    const user = await this.deps.users.findInfo(actor.userId);
    if (!user) throw notFound();
    const info = toUserInfo(user);
    if (this.deps.infoCacheMs && generation === this.generation) {
      this.read.set(actor.userId, { info, validUntilMs: nowMs + this.deps.infoCacheMs });
    }
    return info;
  }

  /** One user's account read again from the database next time; all of them with null. */
  private forget(userId: string | null): void {
    this.generation += 1;
    if (userId === null) this.read.clear();
    else this.read.delete(userId);
  }

  async rename(actor: Actor, names: { firstName: string; lastName: string }): Promise<UserInfo> {
    const user = await this.deps.users.updateNames(
      actor.userId,
      names.firstName,
      names.lastName,
      this.deps.clock.now(),
    );
    if (!user) throw notFound();
    await this.deps.onChanged?.(user.id);
    return toUserInfo(user);
  }

  /** The account's language: everything the server writes to this person follows it (issue 20). */
  async setLanguage(actor: Actor, language: 'en' | 'bn'): Promise<UserInfo> {
    const user = await this.deps.users.updateLanguage(actor.userId, language, this.deps.clock.now());
    if (!user) throw notFound();
    // Nothing else copies the language; the account read on every instance must follow.
    this.deps.events?.emitUserChanged(user.id);
    return toUserInfo(user);
  }

  /** Stores the new picture, points the user at it, then removes the previous files. */
  async replacePicture(actor: Actor, upload: Buffer): Promise<{ fullPictureUrl: string; thumbnailPictureUrl: string }> {
    const { storage, users, clock } = this.deps;
    const picture = await processPicture(upload);
    await storage.put(pictureKey(picture.full.fileName), picture.full.content);
    await storage.put(pictureKey(picture.thumbnail.fileName), picture.thumbnail.content);
    const result = await users.replacePicture(
      actor.userId,
      { full: picture.full.fileName, thumbnail: picture.thumbnail.fileName },
      clock.now(),
    );
    if (!result) {
      await Promise.all([
        storage.delete(pictureKey(picture.full.fileName)),
        storage.delete(pictureKey(picture.thumbnail.fileName)),
      ]);
      throw notFound();
    }
    const { before } = result;
    await this.deps.onChanged?.(actor.userId);
    for (const old of [before.profilePicture, before.profileThumbnail]) {
      if (old) await storage.delete(pictureKey(old));
    }
    return {
      fullPictureUrl: pictureUrl(picture.full.fileName) ?? '',
      thumbnailPictureUrl: pictureUrl(picture.thumbnail.fileName) ?? '',
    };
  }

  /** A stored picture's bytes; the name was already checked against the generated-name pattern. */
  async picture(fileName: string): Promise<Buffer> {
    const content = await this.deps.storage.get(pictureKey(fileName));
    if (!content) throw notFound();
    return content;
  }
}

export function toUserInfo(user: UserInfoRow): UserInfo {
  const info: UserInfo = {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerified,
    language: user.language === 'bn' ? 'bn' : 'en',
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
  const picture = pictureUrl(user.profilePicture);
  if (picture) info.profilePicture = picture;
  return info;
}
