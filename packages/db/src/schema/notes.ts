import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, ownedBy } from './columns';
import { posts } from './posts';
import { users } from './users';

/** Favourites: the primary key makes noting a post twice a no-op. */
export const notes = pgTable(
  'notes',
  {
    userId: ownedBy('user_id', () => users.id),
    postId: ownedBy('post_id', () => posts.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('notes_post_id_idx').on(t.postId)],
);

export type Note = typeof notes.$inferSelect;
export type NewNote = typeof notes.$inferInsert;
