// Algorithm (with the algorithm's own options, ModeOptions.tsx), Intensity and Deterministic Seed
// (docs/product.md, "Home page" and "Validation rules"), and
// the Advanced part: Byte ranges and Keep checksums valid (docs/contract.md, sections 6.9 and 6.10),
// the Target picker (selectors, section 14.4; TargetPicker.tsx, loaded when opened) and Member
// (section 6.11).
import { lazy, Suspense, useState } from 'react';
import { styled } from 'styled-components';
import { RANGE_MODES } from '../../../lib/engine/shared/mode-tables.ts';
import { ALGORITHMS, modeLabel } from '../../../lib/engine/shared/modes.ts';
import { Tooltip } from '../ui/Tooltip.tsx';
import { displaySeed } from './bytes.ts';
import { ModeOptions } from './ModeOptions.tsx';
import { useWorkspace } from './provider.tsx';
import { INTENSITY } from './useSettings.ts';
import { Switch } from '../ui/Switch.tsx';
import { Button, Card, Field } from './styles.ts';

/** Target and Member: loaded when Advanced first opens, so the first load does not carry them. */
const TargetSection = lazy(async () => ({ default: (await import('./TargetSection.tsx')).TargetSection }));

/** The algorithms that take byte ranges and Keep checksums valid, by their names: "Quick Scramble, …, and Bit Rot". */
const RANGE_NAMES = (() => {
  const names = RANGE_MODES.map((mode) => modeLabel(mode).split(' · ')[0]);
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
})();

/** The algorithm labels, {EXT} filled with the extension of the file the next run starts with. */
export function algorithmOptions(ext: string) {
  return ALGORITHMS.map((a) => ({ value: a.value, label: modeLabel(a.mode, ext) }));
}

export function SettingsPanel({ ext }: { ext: string }) {
  const {
    algorithm,
    setAlgorithm,
    intensity,
    setIntensity,
    seed,
    copySeed,
    newSeed,
    applySeed,
    state,
    rangesText,
    setRangesText,
    rangesField,
    fixChecksums,
    setFixChecksums,
    optionsApply,
    copyShareLink,
    memberText,
  } = useWorkspace();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const rangesError = optionsApply && !rangesField.ok ? rangesField.error : undefined;
  const [seedDraft, setSeedDraft] = useState('');
  const [intensityDraft, setIntensityDraft] = useState<string | null>(null);
  return (
    <Panel as="fieldset" disabled={state.busy} aria-describedby="workspace-settings-note">
      <legend>Settings</legend>
      <Field>
        <label htmlFor="workspace-algorithm">Algorithm</label>
        <select
          id="workspace-algorithm"
          value={algorithm}
          onChange={(event) => setAlgorithm(event.currentTarget.value)}
        >
          {algorithmOptions(ext).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      <ModeOptions />
      <Field>
        <Row>
          <label htmlFor="workspace-intensity">Intensity</label>
          <NumberInput
            type="number"
            aria-label="Intensity (percent)"
            min={INTENSITY.min}
            max={INTENSITY.max}
            step={INTENSITY.step}
            // What is typed stays as typed until the box loses focus, so it can be cleared and retyped.
            value={intensityDraft ?? String(intensity)}
            onChange={(event) => {
              setIntensityDraft(event.currentTarget.value);
              const value = event.currentTarget.valueAsNumber;
              if (!Number.isNaN(value)) setIntensity(value);
            }}
            onBlur={() => setIntensityDraft(null)}
          />
          <span aria-hidden="true">%</span>
        </Row>
        <input
          id="workspace-intensity"
          type="range"
          min={INTENSITY.min}
          max={INTENSITY.max}
          step={INTENSITY.step}
          value={intensity}
          aria-valuetext={`${intensity}%`}
          aria-describedby="workspace-intensity-hint"
          onChange={(event) => setIntensity(event.currentTarget.valueAsNumber)}
        />
        <Hint id="workspace-intensity-hint">
          Start at 60-80%. Around 30-40% gives subtle glitches; 90% and above is catastrophic.
        </Hint>
      </Field>
      <Field>
        <span id="workspace-seed-label">Deterministic Seed</span>
        <Row>
          <Seed aria-labelledby="workspace-seed-label" data-seed={seed ?? undefined}>
            {seed === null ? '········' : displaySeed(seed)}
          </Seed>
          {/* Only 8 digits are shown; the tooltip gives the whole seed that Copy puts on the clipboard. */}
          <Tooltip content={seed === null ? 'No seed yet' : `Full seed: ${seed}`}>
            <Button type="button" $tone="secondary" onClick={() => void copySeed()} disabled={seed === null}>
              Copy
            </Button>
          </Tooltip>
          <Button type="button" $tone="secondary" onClick={newSeed}>
            New
          </Button>
        </Row>
        <Hint id="workspace-settings-note">
          File n of a run uses this seed + n, so the same seed reproduces the run.
        </Hint>
        <SeedForm
          onSubmit={(event) => {
            event.preventDefault();
            if (applySeed(seedDraft)) setSeedDraft('');
          }}
        >
          <label htmlFor="workspace-seed-input">Reproduce a seed</label>
          <NumberInput
            id="workspace-seed-input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 1234567890"
            value={seedDraft}
            onChange={(event) => setSeedDraft(event.currentTarget.value)}
          />
          <Button type="submit" $tone="secondary" disabled={seedDraft.trim() === ''}>
            Use
          </Button>
        </SeedForm>
      </Field>
      <Advanced
        open={rangesText !== '' || fixChecksums || memberText !== '' ? true : undefined}
        onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}
      >
        <summary>Advanced</summary>
        {!optionsApply && (
          <Hint id="workspace-advanced-note">
            Byte ranges and Keep checksums valid work with {RANGE_NAMES}; the chosen algorithm ignores them.
          </Hint>
        )}
        <Field>
          <label htmlFor="workspace-ranges">Byte ranges</label>
          <RangesInput
            id="workspace-ranges"
            type="text"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. only 0x1000:0x8000, protect 0:512"
            value={rangesText}
            disabled={!optionsApply}
            aria-invalid={rangesError ? true : undefined}
            aria-describedby={rangesError ? 'workspace-ranges-error' : 'workspace-ranges-hint'}
            onChange={(event) => setRangesText(event.currentTarget.value)}
          />
          {rangesError ? (
            <ErrorText id="workspace-ranges-error" role="alert">
              {rangesError}
            </ErrorText>
          ) : (
            <Hint id="workspace-ranges-hint">
              Optional. Damage only inside "only" ranges and never inside "protect" ranges, separated by commas; a range
              without a word is "only". Byte offsets, end exclusive, 0x hex allowed, negative counts from the end; or
              selectors of the file's structure such as png:IDAT/data (Target below picks them).
            </Hint>
          )}
        </Field>
        {(advancedOpen || rangesText !== '' || memberText !== '') && (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <TargetSection />
          </Suspense>
        )}
        <Switch
          label="Keep checksums valid"
          description="Recompute PNG, stored ZIP, tar, Ogg and FLAC checksums after the damage, so readers get past them and reach it."
          checked={optionsApply && fixChecksums}
          onChange={setFixChecksums}
          locked={!optionsApply || state.busy}
        />
      </Advanced>
      <Field>
        <Button
          type="button"
          $tone="secondary"
          onClick={() => {
            const first = state.items[0]?.file;
            void copyShareLink(first && { name: first.name, size: first.size });
          }}
          disabled={seed === null}
          aria-describedby="workspace-share-hint"
        >
          Copy share link
        </Button>
        <Hint id="workspace-share-hint">
          A link that opens Fracture with every setting above (and names the first file in the list), so the same file
          gives the same bytes.
        </Hint>
      </Field>
    </Panel>
  );
}

const Panel = styled(Card)`
  display: grid;
  gap: 18px;
  margin: 0;
  min-width: 0;
  legend {
    padding: 0 6px;
    font-weight: 700;
  }
  select,
  input[type='range'] {
    width: 100%;
  }
  select {
    min-height: 40px;
    padding: 6px 10px;
    border-radius: 10px;
    border: 1px solid var(--color-border, #334155);
    background: var(--color-surface-raised, #111a2e);
    color: inherit;
    font: inherit;
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  & > label {
    flex: 1;
    font-weight: 600;
  }
`;

const NumberInput = styled.input`
  width: 5.5em;
  min-height: 34px;
  padding: 4px 8px;
  border-radius: 8px;
  border: 1px solid var(--color-border, #334155);
  background: var(--color-surface-raised, #111a2e);
  color: inherit;
  font: inherit;
  font-variant-numeric: tabular-nums;
`;

const SeedForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  & > label {
    flex-basis: 100%;
    font-size: 0.85rem;
    color: var(--color-text-muted, #94a3b8);
  }
  & > input {
    flex: 1;
    width: auto;
  }
`;

const Seed = styled.output`
  flex: 1;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 1.1rem;
  letter-spacing: 0.08em;
`;

const Advanced = styled.details`
  display: grid;
  gap: 12px;
  summary {
    cursor: pointer;
    font-weight: 600;
  }
  & > * + * {
    margin-top: 12px;
  }
`;

/** The number boxes' look, the whole width, for range texts. */
const RangesInput = styled(NumberInput)`
  width: 100%;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  &[aria-invalid='true'] {
    border-color: var(--color-danger, #f87171);
  }
`;

const ErrorText = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: var(--color-danger, #f87171);
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: var(--color-text-muted, #94a3b8);
`;
