package io.virttune.apply.ports;

import io.virttune.inspect.HostFactsSource;

/**
 * The image files on the host: what they hold, whether they are there, who has them open.
 *
 * @param facts reads images with qemu-img, for fingerprints, sizes and backing chains
 * @param files tells whether an image file is there, and deletes the source images cleanup removes
 * @param locks tells whether a process has an image open
 * @param holds keeps the source images from a starting guest while the domain is defined
 */
public record ImagePorts(HostFactsSource facts, HostFiles files, ImageLocks locks, ImageHolds holds) {}
