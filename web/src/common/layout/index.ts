/** The shared frame of signed-in screens; features import from here. */
export { AppLayout } from './app-layout.tsx';
export { PageHeader, type PageHeaderProps } from './page-header.tsx';
