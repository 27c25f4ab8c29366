/**
 * Brings the stored search columns of the lawyer directory and Law Insights up to the analyzer in
 * this build (decision 0017). Rows keep the terms the server wrote when they were saved; a new
 * analyzer (stems added, Bengali digits as ASCII) would otherwise meet old rows only where the two
 * happen to agree. At start every row's terms are recomputed and only rows that differ are written,
 * so a start with nothing to change costs two reads; running on several instances at once writes the
 * same values.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { blogs, lawyerProfiles, users } from '../db/schema';
import { indexDocument, lawyerSearchBody } from './db-query';

export interface ReindexResult {
  lawyers: number;
  posts: number;
}

export async function reindexSearchColumns(db: Database): Promise<ReindexResult> {
  const result: ReindexResult = { lawyers: 0, posts: 0 };
  const profiles = await db
    .select({
      id: lawyerProfiles.id,
      firm: lawyerProfiles.firm,
      bio: lawyerProfiles.bio,
      district: lawyerProfiles.district,
      division: lawyerProfiles.division,
      searchTitle: lawyerProfiles.searchTitle,
      searchBody: lawyerProfiles.searchBody,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(lawyerProfiles)
    .innerJoin(users, eq(users.id, lawyerProfiles.userId));
  for (const row of profiles) {
    const searchTitle = indexDocument(row.firstName, row.lastName, row.firm);
    const searchBody = lawyerSearchBody(row.bio, row.district, row.division);
    if (searchTitle === row.searchTitle && searchBody === row.searchBody) continue;
    await db.update(lawyerProfiles).set({ searchTitle, searchBody }).where(eq(lawyerProfiles.id, row.id));
    result.lawyers += 1;
  }
  const posts = await db
    .select({
      id: blogs.id,
      title: blogs.title,
      plainText: blogs.plainText,
      searchTitle: blogs.searchTitle,
      searchBody: blogs.searchBody,
    })
    .from(blogs);
  for (const row of posts) {
    const searchTitle = indexDocument(row.title);
    const searchBody = indexDocument(row.plainText);
    if (searchTitle === row.searchTitle && searchBody === row.searchBody) continue;
    await db.update(blogs).set({ searchTitle, searchBody }).where(eq(blogs.id, row.id));
    result.posts += 1;
  }
  return result;
}
