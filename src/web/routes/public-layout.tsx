import { Outlet } from "react-router";

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
