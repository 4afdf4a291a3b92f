// The home page's workspace: upload and process, the forensic report and the corrupted preview,
// sharing one state. The Home page renders <Workspace />; the parts are exported for pages that place
// other sections between them (wrap them in one <WorkspaceProvider>). Needs a router above it, and a
// <Toaster /> (ui/toast.tsx) somewhere on the page to show its toasts.
import { DiagnoseSection } from './DiagnoseSection.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { ReportSection } from './ReportSection.tsx';
import { UploadSection } from './UploadSection.tsx';
import { WorkspaceProvider } from './provider.tsx';

export { DiagnoseSection, PreviewPanel, ReportSection, UploadSection, WorkspaceProvider };

export function Workspace() {
  return (
    <WorkspaceProvider>
      <UploadSection />
      <ReportSection />
      <PreviewPanel />
      <DiagnoseSection />
    </WorkspaceProvider>
  );
}
