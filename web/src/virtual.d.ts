declare module 'virtual:route-index' {
  const index: { paths: string[]; labels: Record<string, Record<string, string>> };
  export default index;
}
