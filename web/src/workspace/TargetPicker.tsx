// The Advanced "Target" picker (docs/product.md, "Target"): the chosen file's units, from its
// structure map (docs/contract.md, section 14.1; the walk the layout bar uses), to damage only or to
// protect, as selectors in the Byte ranges field (section 14.4); and, for a ZIP-family or tar file,
// its members, one of which becomes the member glob (section 6.11). Loaded only when opened, so the
// page's first load carries neither this nor the walks. Native checkboxes, radios and selects: Tab
// moves between them, Space picks, arrow keys move within a radio group.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { thousands } from '../../../lib/report/text.ts';
import { bytesText } from './layout.ts';
import { Button } from './styles.ts';
import { unitLabel } from './target.ts';
import { selectorsIn } from './targetText.ts';
import { type NamedFile, type TargetSettings, useTarget } from './useTarget.ts';

/** From this many units and members on, a search field narrows the lists. */
export const SEARCH_FROM = 20;
/** Rows shown at first, and added by each "Show more": every one stays reachable, by search or by showing more. */
export const PAGE = 200;

/** The entries of `list` whose text holds `query` (any case), and how many of them to show. */
export function matching<T>(list: readonly T[], text: (t: T) => string, query: string): T[] {
  const q = query.trim().toLowerCase();
  return q === '' ? [...list] : list.filter((t) => text(t).toLowerCase().includes(q));
}

export interface TargetPickerProps extends TargetSettings {
  /** The files in the list; the picker maps one of them (the first, until another is chosen). */
  files: readonly NamedFile[];
  /** Whether the chosen algorithm takes byte ranges (and so selectors). */
  optionsApply: boolean;
}

export function TargetPicker({ files, optionsApply, ...settings }: TargetPickerProps) {
  const [index, setIndex] = useState(0);
  const file = files[Math.min(index, files.length - 1)];
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening the picker moves focus to its heading, so a screen reader starts at its top.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Picker aria-labelledby={`${id}-heading`} data-field="target-picker">
      <h4 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Target
      </h4>
      {files.length > 1 && (
        <label>
          <span>File to read the units from</span>
          <select value={index} onChange={(e) => setIndex(Number(e.currentTarget.value))}>
            {files.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list's files in order; two may share a name.
              <option key={i} value={i}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {file && (
        <FileTarget key={`${index}:${file.name}`} file={file} files={files} optionsApply={optionsApply} {...settings} />
      )}
    </Picker>
  );
}

function FileTarget({
  file,
  files,
  optionsApply,
  ...settings
}: TargetSettings & { file: NamedFile; files: readonly NamedFile[]; optionsApply: boolean }) {
  const t = useTarget(file, files, settings);
  const id = useId();
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE);
  const mapped = t.map?.value;
  const units = useMemo(() => (mapped ? matching(mapped.units, unitLabel, query) : []), [mapped, query]);
  const members = useMemo(() => (mapped ? matching(mapped.members, (m) => m, query) : []), [mapped, query]);
  if (!t.map) return <p role="status">Reading the structure of {file.name}…</p>;
  if (t.map.error)
    return (
      <p role="alert">
        The structure of {file.name} could not be read: {t.map.error.message}
      </p>
    );
  const map = t.map.value;
  if (!map)
    return (
      <p data-field="target-too-large">
        {file.name} is larger than the 200 MB the site takes, so it is not mapped; type selectors into Byte ranges or a
        glob into Member instead.
      </p>
    );
  const searchable = map.units.length + map.members.length >= SEARCH_FROM;
  const hasTarget = t.picks.size > 0 || t.member !== undefined;
  return (
    <>
      <p data-field="target-format">
        {file.name} is {map.family === map.format ? map.format : `${map.family} (mapped as ${map.format})`}: the
        selectors picked here apply to {map.format} files.
        {t.otherFormats.length > 0 && (
          <>
            {' '}
            <strong data-field="target-other-formats">
              {t.otherFormats.length === 1 ? 'One file is' : `${t.otherFormats.length} files are`} of another format (
              {t.otherFormats.map((o) => `${o.name}: ${o.family}`).join(', ')}): a selector or member that matches
              nothing there is that file's error, and the other files still complete.
            </strong>
          </>
        )}
      </p>
      {searchable && (
        <div data-field="target-search">
          <label>
            <span>Find units and members</span>
            <input
              type="search"
              value={query}
              placeholder="e.g. IDAT, trak, word/"
              aria-describedby={`${id}-found`}
              onChange={(e) => {
                setQuery(e.currentTarget.value);
                setShown(PAGE);
              }}
            />
          </label>
          <Hint id={`${id}-found`} role="status">
            {query.trim() === ''
              ? `${thousands(map.units.length)} units${map.members.length > 0 ? `, ${thousands(map.members.length)} members` : ''}.`
              : `${thousands(units.length)} of ${thousands(map.units.length)} units${map.members.length > 0 ? `, ${thousands(members.length)} of ${thousands(map.members.length)} members` : ''} match.`}
          </Hint>
        </div>
      )}
      <fieldset disabled={!optionsApply}>
        <legend>Use the picked units as</legend>
        {!optionsApply && <Hint>The chosen algorithm takes no byte ranges, so no selectors either.</Hint>}
        <Radios>
          {(['only', 'protect'] as const).map((k) => (
            <label key={k}>
              <input type="radio" name={`${id}-kind`} value={k} checked={t.kind === k} onChange={() => t.setKind(k)} />
              {k === 'only' ? 'Only: damage nothing else' : 'Protect: never damage these'}
            </label>
          ))}
        </Radios>
      </fieldset>
      <fieldset disabled={!optionsApply} data-field="target-units">
        <legend>
          Units of {file.name} ({thousands(map.units.length)})
        </legend>
        <Units>
          {units.slice(0, shown).map((u, i) => {
            const pick = t.picks.get(u.key);
            const box = `${id}-unit-${i}`;
            return (
              <li key={u.key} data-unit={u.key}>
                <input
                  id={box}
                  type="checkbox"
                  checked={pick !== undefined}
                  onChange={(e) => t.setPick(u.key, e.currentTarget.checked ? {} : undefined)}
                />
                <label htmlFor={box}>
                  <code>{unitLabel(u)}</code> <span className="size">{bytesText(u.bytes)}</span>
                </label>
                {pick && u.instances.length > 1 && (
                  <select
                    aria-label={`Which ${u.key}`}
                    value={pick.instance ?? ''}
                    onChange={(e) => t.setPick(u.key, { ...pick, instance: e.currentTarget.value || undefined })}
                  >
                    <option value="">Every one</option>
                    {u.instances.map((p) => (
                      <option key={p} value={p}>
                        {p}
                      </option>
                    ))}
                  </select>
                )}
                {pick && u.fields.length > 0 && (
                  <select
                    aria-label={`Part of ${u.key}`}
                    value={pick.field ?? ''}
                    onChange={(e) => t.setPick(u.key, { ...pick, field: e.currentTarget.value || undefined })}
                  >
                    <option value="">Whole unit</option>
                    {u.fields.map((f) => (
                      <option key={f} value={f}>
                        {f} only
                      </option>
                    ))}
                  </select>
                )}
              </li>
            );
          })}
        </Units>
        {units.length > shown && (
          <MoreButton onClick={() => setShown(shown + PAGE)} left={units.length - shown} what="units" />
        )}
      </fieldset>
      {map.members.length > 0 && (
        <fieldset data-field="target-members">
          <legend>Member to corrupt inside the archive</legend>
          <Hint>
            The member's content is damaged as a file of its own and the archive is rebuilt around it, so readers get
            past the {map.format === 'zip' ? 'ZIP' : 'tar'} layer. Works with every algorithm.
          </Hint>
          <Radios>
            <label>
              <input
                type="radio"
                name={`${id}-member`}
                checked={t.member === undefined}
                onChange={() => t.setMember(undefined)}
              />
              None: the archive as one file
            </label>
            {members.slice(0, shown).map((m) => (
              <label key={m}>
                <input type="radio" name={`${id}-member`} checked={t.member === m} onChange={() => t.setMember(m)} />
                <code>{m}</code>
              </label>
            ))}
          </Radios>
          {members.length > shown && (
            <MoreButton onClick={() => setShown(shown + PAGE)} left={members.length - shown} what="members" />
          )}
        </fieldset>
      )}
      <div>
        <Button
          type="button"
          $tone="secondary"
          onClick={t.clear}
          disabled={!hasTarget && selectorsIn(settings.rangesText).length === 0}
        >
          Clear target
        </Button>
      </div>
    </>
  );
}

/** Shows the next PAGE rows of a long list. */
function MoreButton({ onClick, left, what }: { onClick: () => void; left: number; what: string }) {
  return (
    <Button type="button" $tone="secondary" onClick={onClick}>
      Show {thousands(Math.min(left, PAGE))} more {what} ({thousands(left)} not shown)
    </Button>
  );
}

const Picker = styled.section`
  display: grid;
  gap: 10px;
  padding: 10px 12px;
  border: 1px solid var(--color-border, #334155);
  border-radius: 10px;
  h4 {
    margin: 0;
  }
  h4:focus-visible {
    outline: 2px solid #fde047;
  }
  fieldset {
    margin: 0;
    padding: 6px 10px 10px;
    border: 1px solid var(--color-border, #334155);
    border-radius: 8px;
    min-width: 0;
  }
  legend {
    font-weight: 600;
    padding: 0 4px;
  }
  label {
    display: flex;
    gap: 6px;
    align-items: center;
    flex-wrap: wrap;
  }
  select {
    min-height: 32px;
  }
  code {
    word-break: break-all;
  }
`;

const Units = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 18rem;
  overflow: auto;
  display: grid;
  gap: 4px;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    align-items: center;
  }
  .size {
    font-size: 0.8rem;
    color: var(--color-text-muted, #94a3b8);
  }
`;

const Radios = styled.div`
  display: grid;
  gap: 4px;
  max-height: 14rem;
  overflow: auto;
`;

const Hint = styled.p`
  margin: 0 0 6px;
  font-size: 0.85rem;
  color: var(--color-text-muted, #94a3b8);
`;
