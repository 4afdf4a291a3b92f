// The home page's workspace: upload and process, the forensic report and the corrupted preview,
// sharing one state. The Home page renders <Workspace />; the parts are exported for pages that place
// other sections between them (wrap them in one <WorkspaceProvider>). Needs a <ToastProvider> and a
// router above it.
import { PreviewPanel } from './PreviewPanel.tsx';
import { ReportSection } from './ReportSection.tsx';
import { UploadSection } from './UploadSection.tsx';
import { WorkspaceProvider } from './controller.tsx';

export { PreviewPanel, ReportSection, UploadSection, WorkspaceProvider };

export function Workspace() {
  return (
    <WorkspaceProvider>
      <UploadSection />
      <ReportSection />
      <PreviewPanel />
    </WorkspaceProvider>
  );
}
