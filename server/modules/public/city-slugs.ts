import type { Queryable } from '../../db/client.ts';
import { categoryBySlug, slugify, topicBySlug } from '#shared/public-paths.ts';

// Cities' slugs for /jobs/{city-slug} (decision 027). The cities are reference data (migration
// 002, never written afterwards), so they are read once per process, like the feed's city bands.
// A name that several states share (Aurangabad, Fatehpur, Udaipur) keeps the plain slug for its
// biggest city; the others get the state too (`aurangabad-bihar`). A city slug never takes a
// category's or a topic's slug, which come first.

export interface PublicCity {
  id: number;
  slug: string;
  name: string;
  state: string;
}

interface Cities {
  byId: Map<number, PublicCity>;
  bySlug: Map<string, PublicCity>;
}

let cities: Promise<Cities> | null = null;

function load(q: Queryable): Promise<Cities> {
  cities ??= q
    .query<{ id: number; name: string; state: string }>(
      'SELECT id, name, state FROM cities ORDER BY population DESC NULLS LAST, id',
    )
    .then((rows) => {
      const byId = new Map<number, PublicCity>();
      const bySlug = new Map<string, PublicCity>();
      for (const row of rows) {
        let slug = slugify(row.name);
        if (bySlug.has(slug) || categoryBySlug(slug) || topicBySlug(slug) || slug === 'view')
          slug = slugify(`${row.name} ${row.state}`);
        const city = { id: row.id, slug, name: row.name, state: row.state };
        byId.set(row.id, city);
        bySlug.set(slug, city);
      }
      return { byId, bySlug };
    })
    .catch((err: unknown) => {
      cities = null;
      throw err;
    });
  return cities;
}

export async function cityBySlug(q: Queryable, slug: string): Promise<PublicCity | null> {
  return (await load(q)).bySlug.get(slug) ?? null;
}

export async function cityById(q: Queryable, id: number | null): Promise<PublicCity | null> {
  if (id === null) return null;
  return (await load(q)).byId.get(id) ?? null;
}

/** Every city by id, for presenting many rows at once. */
export async function citiesById(q: Queryable): Promise<Map<number, PublicCity>> {
  return (await load(q)).byId;
}
