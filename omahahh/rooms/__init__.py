"""Room habits as data: what each room prints and how, with the hands that prove it."""
