// The forensic report section: the latest processed file's report ("Live Report"), or the sample
// report of docs/product.md ("Example Data report") before any run.
import { styled } from 'styled-components';
import { modeLabel } from '../../../lib/engine/shared/modes.ts';
import { extensionOf } from '../../../lib/engine/shared/names.ts';
import type { Report } from '../../../lib/engine/shared/types.ts';
import { displayName, reportJson } from '../../../lib/report/display.ts';
import { type HostFields, withHostFields } from '../../../lib/engine/host-module/reports.ts';
import { MODE_FIELDS as MODE_FIELD_LABELS } from '../../../lib/report/text.ts';
import { HitsTable } from './HitsTable.tsx';
import { useWorkspace } from './provider.tsx';
import { type Finished, hostReportOf } from './results.ts';
import { loadOutputs } from './outputs.ts';
import { usePromise } from './usePromise.ts';
import {
  formatCount,
  formatEntropy,
  formatEntropyDelta,
  formatSeconds,
  formatSize,
  recoverability,
  sizeChange,
} from './format.ts';
import { sampleReport } from './sampleReport.ts';
import { Badge, Button, Card, DataList, Lead, Section, SectionTitle } from './styles.ts';

/** Mode-specific fields, shown when the report has them (labels shared with the PDF reports). */
const FORMATS: Partial<Record<string, { label: string; format: (v: number) => string }>> = {
  block_size: { label: 'Block size', format: formatSize },
  sector_size: { label: 'Sector size', format: formatSize },
  one_in_bits: { label: 'Rate', format: (v) => `1 in ${formatCount(v)} bits` },
};
const MODE_FIELDS = MODE_FIELD_LABELS.map(({ key, label }) => ({
  key,
  label: FORMATS[key]?.label ?? label,
  format: FORMATS[key]?.format ?? formatCount,
}));

/**
 * The report with the host's fields (fracture-host's, through the outputs module, fetched with the
 * first live report) and the browser's verdict, once both are there; the sample has its own.
 */
function useHostReport(latest: Finished | undefined, report: Report): Report & Partial<HostFields> {
  const key = latest?.result.report;
  const full = usePromise(() => (latest ? hostReportOf(latest) : Promise.reject()), key);
  // The replay command and the link as soon as the module is there, before the browser's verdict.
  const fields = usePromise(
    () => (key ? loadOutputs().then((outputs) => withHostFields(outputs, key)) : Promise.reject()),
    key,
  );
  const mine = (p: typeof full) => (p?.value && p.value.filename === report.filename ? p.value : undefined);
  return mine(full) ?? mine(fields) ?? report;
}

/** `{"png_chunk_crc32":3}` as "png_chunk_crc32 3". */
function checksumCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  return entries.length === 0 ? 'none for this format' : entries.map(([k, n]) => `${k} ${n}`).join(', ');
}

export function ReportSection() {
  const { latest, copyReport, downloadReport, downloadPdf, pdfBusy } = useWorkspace();
  const live = latest?.result?.report;
  const report = live ?? sampleReport;
  const hosted = useHostReport(live ? (latest as Finished) : undefined, report);
  return (
    <Section id="report" aria-labelledby="report-title">
      <Heading>
        <SectionTitle id="report-title">Forensic Report</SectionTitle>
        <Badge $tone={live ? 'live' : 'example'} data-field="report-badge">
          {live ? 'Live Report' : 'Example Data'}
        </Badge>
      </Heading>
      <Lead>
        {live
          ? 'The report of the latest processed file: everything needed to reproduce it.'
          : 'A sample report. Process a file to see its own report here.'}
      </Lead>
      <Card data-report={live ? 'live' : 'example'}>
        <DataList>
          <Field label="File" value={displayName(report.filename)} name="filename" />
          <Field
            label="Original size"
            value={`${formatSize(report.original_size)} (${formatCount(report.original_size)} bytes)`}
            name="original-size"
          />
          <Field
            label="Result size"
            value={`${formatSize(report.result_size)} · ${sizeChange(report.original_size, report.result_size)}`}
            name="result-size"
          />
          <Field label="Algorithm" value={modeLabel(report.mode, extensionOf(report.filename))} name="mode" />
          <Field label="Intensity" value={`${report.intensity}%`} name="intensity" />
          <Field label="Seed" value={String(report.seed)} name="seed" />
          <Field label="Time" value={formatSeconds(report.time_ms)} name="time" />
          <Field label="Entropy before" value={formatEntropy(report.before_entropy, 'report')} name="before-entropy" />
          <Field label="Entropy after" value={formatEntropy(report.after_entropy, 'report')} name="after-entropy" />
          <Field
            label="Entropy change"
            value={formatEntropyDelta(report.entropy_delta, 'report')}
            name="entropy-delta"
          />
          {MODE_FIELDS.map(({ key, label, format }) =>
            typeof report[key] === 'number' ? (
              <Field key={key} label={label} value={format(report[key] as number)} name={key} />
            ) : null,
          )}
          {report.ranges !== undefined && <Field label="Byte ranges" value={report.ranges} name="ranges" />}
          {report.checksums_fixed !== undefined && (
            <Field label="Checksums fixed" value={checksumCounts(report.checksums_fixed)} name="checksums-fixed" />
          )}
          {report.checksums_unfixable !== undefined && (
            <Field label="Not fixable" value={report.checksums_unfixable} name="checksums-unfixable" />
          )}
          <Field
            label="Recoverability"
            value={recoverability(report.intensity, report.entropy_delta)}
            name="recoverability"
          />
          <Field label="Verdict" value={report.verdict} name="verdict" />
        </DataList>
        <HitsTable report={report} />
        <Replay>
          <span>Replay on the command line</span>
          <code data-field="replay">{hosted.replay}</code>
        </Replay>
        <Recipe>
          <strong>Recipe.</strong> {report.recipe}
          {report.escalated
            ? ' Escalated: the first pass still looked openable, so it was redone at full intensity.'
            : ''}
        </Recipe>
        <Json aria-label="Report JSON" tabIndex={0}>
          {reportJson(hosted, 2)}
        </Json>
        <Actions>
          <Button type="button" $tone="secondary" disabled={!live} onClick={() => live && void copyReport(live)}>
            Copy report
          </Button>
          <Button type="button" $tone="secondary" disabled={!live} onClick={() => live && void downloadReport(live)}>
            Download JSON
          </Button>
          <Button
            type="button"
            $tone="secondary"
            disabled={!live || pdfBusy}
            aria-busy={pdfBusy || undefined}
            onClick={() => live && void downloadPdf(live)}
          >
            {pdfBusy ? 'Making PDF…' : 'Download PDF'}
          </Button>
        </Actions>
      </Card>
    </Section>
  );
}

function Field({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-field={name}>{value}</dd>
    </div>
  );
}

const Heading = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
  flex-wrap: wrap;
`;

const Recipe = styled.p`
  margin: 18px 0 0;
  color: var(--color-text-muted, #94a3b8);
`;

const Json = styled.pre`
  margin: 16px 0 0;
  max-height: 320px;
  overflow: auto;
  padding: 14px;
  border-radius: 10px;
  background: var(--color-code, #020617);
  font-size: 0.8rem;
  line-height: 1.5;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: 16px;
`;

const Replay = styled.p`
  display: grid;
  gap: 4px;
  margin: 16px 0 0;
  span {
    font-size: 0.85rem;
    color: var(--color-text-muted, #94a3b8);
  }
  code {
    overflow-wrap: anywhere;
    font-size: 0.85rem;
  }
`;
