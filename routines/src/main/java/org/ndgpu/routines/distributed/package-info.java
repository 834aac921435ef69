/**
 * Arrays split across several devices and joined again on one: scatter and gather along an axis.
 */
package org.ndgpu.routines.distributed;
