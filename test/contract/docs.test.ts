import fs from 'node:fs';
import path from 'node:path';
import { platformSettings, settingRows } from '@svc/kit';
import { loadDomains } from '@svc/platform';
import { OPERATIONS_DOC, settingsTable, withSettingsTable } from '../../scripts/generate-docs';

const ROOT = path.resolve(__dirname, '..', '..');

/** Every markdown file of the project's documentation: the README, docs/ and each domain's README. */
function markdownFiles(): string[] {
  const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
  const domains = loadDomains().map((d) => path.join('subgraphs', d.name, 'README.md'));
  return ['README.md', ...docs.map((f) => path.join('docs', f)), ...domains];
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchorsOf(file: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (m) out.add(slug(m[1]));
  }
  return out;
}

/** Relative links `[text](target)` outside code fences and inline code. */
function linksOf(file: string): string[] {
  const text = fs
    .readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/i.test(t));
}

describe('documentation', () => {
  it('has the settings table that the schemas generate (run `npm run docs:generate`)', () => {
    const committed = fs.readFileSync(OPERATIONS_DOC, 'utf8');
    expect(committed).toBe(withSettingsTable(committed));
  });

  it('lists every platform-wide and every domain setting in the table', () => {
    const table = settingsTable();
    const names = [...settingRows(platformSettings), ...loadDomains().flatMap((d) => (d.settings ? settingRows(d.settings.variables) : []))].map((r) => r.name);
    for (const name of names) expect(table).toContain(`| \`${name}\` |`);
    expect(names).toEqual(expect.arrayContaining(['CATALOG_CACHE', 'SMTP_URL', 'MEDIA_STORAGE', 'WEBHOOK_ALLOW_HOSTS', 'CHECKOUT_LEASE_MS']));
  });

  it('keeps the README short and gives every domain its README', () => {
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(260);
    for (const d of loadDomains()) {
      const readme = fs.readFileSync(path.join(ROOT, 'subgraphs', d.name, 'README.md'), 'utf8');
      expect(readme.split('\n')[0]).toMatch(new RegExp(`^# .*\\(domain \`${d.name}\`\\)`));
    }
  });

  it('has only relative links that resolve, anchors included', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const abs = path.join(ROOT, file);
      for (const link of linksOf(abs)) {
        const [target, anchor] = link.split('#');
        const dest = target ? path.resolve(path.dirname(abs), decodeURIComponent(target)) : abs;
        if (!fs.existsSync(dest)) broken.push(`${file}: ${link} (no such file)`);
        else if (anchor && dest.endsWith('.md') && !anchorsOf(dest).has(anchor)) broken.push(`${file}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
