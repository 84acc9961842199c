import { listBooks } from '../../domain/keepsake/book/books.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user' }, async ({ user }) => ok({ books: await listBooks(user.id) }));
