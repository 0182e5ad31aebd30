export default function Home() {
  return <main className="p-8">WEEX Affiliate Dashboard</main>;
}
