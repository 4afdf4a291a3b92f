// The expectations sections of the mode and file type pages (content/expectations.ts): which damage
// a reader must reject, may accept or will ignore, and commands whose reports show it.
import { styled } from 'styled-components';
// Types only: the text comes in the page's own data chunk (PageData.expectations), not the module.
import type {
  ExpectationCase,
  ExpectationWords,
  FormatExpectations,
  ModeExpectations,
  Overall,
  ReportExample,
} from '../../content/expectations.ts';
import { Badge, Card, Container, Lead, Section, SectionHeader } from '../../ui/layout.tsx';

const TONE: Record<Overall, string | undefined> = {
  reject: 'warn',
  may_accept: 'accent',
  ignored: undefined,
  unchanged: undefined,
};

/** A command, as written; scrolls sideways as a focusable, named region. */
const Command = styled.pre`
  margin: 0 0 1em;
  padding: 12px 14px;
  overflow-x: auto;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  color: var(--text);
  font-size: 0.85rem;

  &:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
`;

const Cases = styled.ul`
  padding: 0;
  margin: 0 0 1.5em;
  list-style: none;

  & > li { display: flex; gap: 12px; align-items: baseline; margin-bottom: 0.75em; }
  & > li > span:first-child { flex: none; min-width: 8.5em; justify-content: center; }
`;

/** The example commands, one per row so each command reads whole. */
const Examples = styled.div`
  display: grid;
  gap: 20px;
`;

const Paths = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  padding: 0;
  margin: 0 0 1.5em;
  list-style: none;
  font-family: var(--mono);
  font-size: 0.88rem;
`;

function Expect({ value }: { value: Overall }) {
  return <Badge data-tone={TONE[value]}>{value}</Badge>;
}

function CaseList({ cases, label }: { cases: readonly ExpectationCase[]; label: string }) {
  return (
    <Cases aria-label={label}>
      {cases.map((c) => (
        <li key={c.text}>
          <Expect value={c.expect} />
          <span>{c.text}</span>
        </li>
      ))}
    </Cases>
  );
}

function Example({ example, words }: { example: ReportExample; words: ExpectationWords }) {
  return (
    <Card>
      <Command role="region" tabIndex={0} aria-label="Command">
        <code>{example.command}</code>
      </Command>
      <p>
        The report: expect_overall <Expect value={example.overall} /> ({words.meanings[example.overall]})
        {example.hits.length > 0 ? '; hits include ' : '; no hits'}
        {example.hits.map((h, i) => (
          <span key={h.path}>
            {i > 0 ? ', ' : ''}
            <code>{h.path}</code> ({h.expect})
          </span>
        ))}
        .
      </p>
      <p>{example.note}</p>
    </Card>
  );
}

/** A mode page's "What a reader should do". */
export function ModeExpectationsSection({
  data,
  words,
  name,
}: {
  data: ModeExpectations;
  words: ExpectationWords;
  name: string;
}) {
  return (
    <Section aria-labelledby="reader">
      <Container>
        <SectionHeader id="reader" eyebrow="Expectations" title="What a reader should do" />
        <Lead>{data.summary}</Lead>
        <CaseList cases={data.cases} label={`What ${name} damage should cause`} />
        <p>{words.report}</p>
        <Example example={data.example} words={words} />
      </Container>
    </Section>
  );
}

/** A file type page's "What the report names". */
export function FormatExpectationsSection({
  data,
  words,
  name,
}: {
  data: FormatExpectations;
  words: ExpectationWords;
  name: string;
}) {
  return (
    <Section aria-labelledby="report-names">
      <Container>
        <SectionHeader id="report-names" eyebrow="Expectations" title={`What the report names in a ${name} file`} />
        <Lead>{data.units}</Lead>
        <Paths aria-label={`${name} regions`}>
          {data.paths.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </Paths>
        <CaseList cases={data.cases} label={`What damage in a ${name} file should cause`} />
        {data.notes?.map((note) => (
          <p key={note}>{note}</p>
        ))}
        <p>{words.report}</p>
        <p>{words.aim}</p>
        <Examples>
          {data.examples.map((example) => (
            <Example key={example.command} example={example} words={words} />
          ))}
        </Examples>
      </Container>
    </Section>
  );
}
