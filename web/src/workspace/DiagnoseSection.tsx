// "What happened to this file?" (docs/damage.md): a file, and its original if there is one, diagnosed
// in the engine's Web Worker (the diagnose module loads there the first time); nothing is uploaded.
// Shows each cause with its confidence and evidence, the unknown damage, and with an original
// whether the causes explain every difference. Files over 200 MB are refused as the workspace
// refuses them. Keyboard: two labelled file inputs and a button; the result is announced.
import { type FormEvent, useState } from 'react';
import { styled } from 'styled-components';
import type { DiagnoseResult } from '../../../lib/engine/diagnose/result.ts';
import { MAX_FILE_BYTES } from '../constants.ts';
import { Button, Card, Lead, Section, SectionTitle } from './styles.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'working'; name: string }
  | { kind: 'refused'; message: string }
  | { kind: 'done'; result: DiagnoseResult };

const MB = 1024 * 1024;

function tooLarge(file: File): string | null {
  return file.size > MAX_FILE_BYTES
    ? `${file.name} is ${file.size.toLocaleString('en-US')} bytes: the site diagnoses files up to ${MAX_FILE_BYTES / MB} MB (${MAX_FILE_BYTES.toLocaleString('en-US')} bytes). Larger files: fracture diagnose on the command line.`
    : null;
}

export function DiagnoseSection() {
  const [file, setFile] = useState<File | null>(null);
  const [original, setOriginal] = useState<File | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setState({ kind: 'refused', message: 'Choose a file to diagnose first.' });
      return;
    }
    const refused = tooLarge(file) ?? (original && tooLarge(original));
    if (refused) {
      setState({ kind: 'refused', message: refused });
      return;
    }
    setState({ kind: 'working', name: file.name });
    try {
      // The engine's client, as the workspace loads it: not part of the page's first load.
      const { diagnose } = await import('../../../lib/engine/host/client.ts');
      const result = await diagnose(file, file.name, original ?? undefined, original?.name);
      setState({ kind: 'done', result });
    } catch (err) {
      setState({ kind: 'refused', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <Section id="diagnose" aria-labelledby="diagnose-title">
      <SectionTitle id="diagnose-title">What happened to this file?</SectionTitle>
      <Lead>
        A damaged file, diagnosed in this tab: a text-mode transfer, a 7-bit transport, a charset round trip, a cut,
        zeroed sectors, a misdirected write... Nothing is uploaded.
      </Lead>
      <Form onSubmit={(e) => void submit(e)}>
        <label>
          File to diagnose
          <input type="file" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        </label>
        <label>
          Its original (optional)
          <input type="file" onChange={(e) => setOriginal(e.currentTarget.files?.[0] ?? null)} />
        </label>
        <Button type="submit" $tone="primary" aria-busy={state.kind === 'working' || undefined}>
          {state.kind === 'working' ? 'Diagnosing... stays on your device.' : 'Diagnose'}
        </Button>
      </Form>
      <div role="status" aria-live="polite">
        {state.kind === 'working' && <p>Reading {state.name} on this device…</p>}
        {state.kind === 'refused' && <p data-diagnose="refused">{state.message}</p>}
        {state.kind === 'done' && <Findings result={state.result} />}
      </div>
    </Section>
  );
}

function Findings({ result }: { result: DiagnoseResult }) {
  const { report } = result;
  return (
    <Card data-diagnose="result">
      <h3>
        {report.file}: {report.causes.length === 0 && !report.unknown ? 'no known damage found' : 'damage found'}
      </h3>
      {report.original && <p data-diagnose="summary">{report.original.summary}</p>}
      <ul aria-label="Causes">
        {report.causes.map((c) => (
          <li key={`${c.cause}:${c.direction ?? ''}`} data-cause={c.cause}>
            <strong>
              {c.cause}
              {c.direction ? ` (${c.direction})` : ''}
            </strong>{' '}
            confidence {c.confidence.toFixed(2)}
            <ul>
              {c.evidence.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {report.unknown && (
        <p data-cause="unknown">
          <strong>Unknown damage:</strong> {report.unknown.evidence.join(' ')}
        </p>
      )}
      {report.notes.map((n) => (
        <p key={n}>Note: {n}</p>
      ))}
    </Card>
  );
}

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  align-items: end;
  margin-bottom: 20px;
  label {
    display: grid;
    gap: 6px;
    font-weight: 600;
  }
`;
