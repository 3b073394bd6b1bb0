/**
 * A traveller's name with their seat, "محمد (4)" / "Mona (12A)": the name is isolated (<bdi>) so an
 * Arabic name on an English screen, or a Latin one on an Arabic screen, does not pull the seat
 * number and its brackets to the wrong side.
 */
export function TravellerSeat({ name, seat }: { name: string; seat: string | null }) {
  return (
    <span className="traveller-seat">
      <bdi>{name}</bdi>
      {seat && (
        <>
          {' '}
          <bdi>({seat})</bdi>
        </>
      )}
    </span>
  );
}
